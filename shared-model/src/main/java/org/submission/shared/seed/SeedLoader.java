package org.submission.shared.seed;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.hibernate.reactive.mutiny.Mutiny;
import org.submission.shared.model.PassEntity;
import org.submission.shared.model.PassUser;
import org.submission.shared.model.Repository;
import org.submission.shared.model.Submission;
import org.submission.shared.seed.SeedFile.Entry;
import org.submission.shared.seed.SeedFormat.Field;

/**
 * Loads PASS records from a seed file (format: {@link SeedFormat}, documented in the README)
 * through the entities, in one transaction. The whole file is checked before anything is
 * written, and any failure rolls the transaction back, so a bad file leaves the database as it was.
 */
@ApplicationScoped
public class SeedLoader {

    private static final long LOCK_KEY = 7461001;
    /** How long a start waits for another replica's seed load (PostgreSQL interval text). */
    static final String LOCK_WAIT = "120s";
    private static final List<Class<? extends PassEntity>> FILLED_BY = List.of(PassUser.class, Repository.class, Submission.class);

    /**
     * Loads the seed text and answers the database id given to each record key; with
     * {@code onlyIntoEmptyDatabase}, loads nothing (and answers an empty map) when the database
     * already holds users, repositories or submissions. Services starting side by side on one
     * database serialise on an advisory lock, so one loads it.
     */
    @WithTransaction
    public Uni<Map<String, Long>> load(String seedJson, String source, boolean onlyIntoEmptyDatabase) {
        return Uni.createFrom().item(() -> SeedFile.check(seedJson, source))
                .chain(file -> Panache.getSession().chain(session -> (onlyIntoEmptyDatabase ? emptyUnderLock(session)
                        : Uni.createFrom().item(true))
                        .chain(empty -> empty ? write(session, file) : Uni.createFrom().item(Map.<String, Long>of()))
                        .onFailure(failure -> !(failure instanceof SeedException)).transform(failure ->
                                new SeedException(source + ": the database refused the seed: " + failure.getMessage(), failure))));
    }

    /** {@link #load}, waited for: for start-up and tests, never on an event-loop thread. */
    public Map<String, Long> loadAndAwait(String seedJson, String source, boolean onlyIntoEmptyDatabase) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> load(seedJson, source, onlyIntoEmptyDatabase));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new SeedException(source + ": " + e.getMessage(), e);
        }
    }

    /** Reads a whole seed file given as a path, for callers that load from disk. */
    public static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new SeedException(path + ": cannot read the seed file: " + e.getMessage(), e);
        }
    }

    private static Uni<Boolean> emptyUnderLock(Mutiny.Session session) {
        // The pool's lock and statement timeouts (SUBMISSION_DB_LOCK_TIMEOUT, 2 s) bound a request's
        // waits; replicas starting together on an empty database wait here for the one loading,
        // which takes longer on a busy machine: this transaction waits up to LOCK_WAIT.
        Uni<Long> waitLonger = session.createNativeQuery("select count(*) from (select set_config('lock_timeout', :wait, true),"
                + " set_config('statement_timeout', :wait, true)) as longer", Long.class).setParameter("wait", LOCK_WAIT).getSingleResult();
        // Separate statements: a statement's snapshot is taken before it waits for the lock, so a
        // check in the same statement would miss rows committed by the loader that held the lock.
        Uni<Boolean> empty = waitLonger.chain(() -> session.createNativeQuery("select count(*) from (select pg_advisory_xact_lock(:key))"
                + " as locked", Long.class).setParameter("key", LOCK_KEY).getSingleResult()).replaceWith(true);
        for (Class<? extends PassEntity> entity : FILLED_BY) {
            empty = empty.chain(before -> !before ? Uni.createFrom().item(false)
                    : session.createQuery("select 1 from " + entity.getSimpleName(), Integer.class)
                            .setMaxResults(1).getResultList().map(List::isEmpty));
        }
        return empty;
    }

    /**
     * Persists the records one by one, flushing each so that a refusal names its record, and
     * clears the session after each: a flush walks every record the session holds, so keeping them
     * all would make the load quadratic. A record refers to earlier ones through references to them
     * (no query). The sequence first moves past the ids the file gives, so the records without one
     * never take them.
     */
    private static Uni<Map<String, Long>> write(Mutiny.Session session, SeedFile file) {
        Map<String, PassEntity> byKey = new LinkedHashMap<>();
        Uni<Void> start = file.highestId() == 0 ? Uni.createFrom().voidItem()
                : session.createNativeQuery("select setval('hibernate_sequence',"
                        + " greatest((select last_value from hibernate_sequence), :id))", Long.class)
                        .setParameter("id", file.highestId()).getSingleResult().replaceWithVoid();
        return start.chain(() -> Multi.createFrom().iterable(file.entries())
                .onItem().transformToUniAndConcatenate(entry -> {
                    PassEntity record = entity(entry, key -> session.getReference(byKey.get(key)));
                    byKey.put(entry.key(), record);
                    return session.persist(record).chain(session::flush).invoke(session::clear)
                            .onFailure().transform(failure -> new SeedException(file.source() + ": " + entry.label()
                                    + ": the database refused the record: " + failure.getMessage(), failure));
                })
                .collect().last())
                .map(ignored -> {
                    Map<String, Long> ids = new LinkedHashMap<>();
                    byKey.forEach((key, record) -> ids.put(key, record.id));
                    return ids;
                });
    }

    private static PassEntity entity(Entry entry, Function<String, PassEntity> records) {
        try {
            PassEntity record = entry.type().entity().getDeclaredConstructor().newInstance();
            record.id = entry.id();
            for (Map.Entry<String, Field> field : entry.type().fields().entrySet()) {
                JsonNode value = entry.node().get(field.getKey());
                if (value != null && !value.isNull()) {
                    field.getValue().member().set(record, SeedFormat.value(field.getValue(), value, records));
                }
            }
            return record;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot fill a " + entry.type().entity().getSimpleName(), e);
        }
    }
}
