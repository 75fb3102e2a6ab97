package org.submission.doi.cluster;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.submission.doi.config.DoiSettings;

/**
 * The statements by which the pods share upstream work (shared-model's db/migration/README.md
 * names the migration that defines each function): one before an upstream call, one per further
 * attempt at it, one after it, and the periodic purge. Each is one round trip on a pooled
 * connection that goes back to the pool at once; none is held while an upstream answers.
 * <p>
 * The statements after a call, which no client waits for, are kept until they have run: a stopping
 * process lets them finish first, because a lease dropped on the way out would keep its DOI from
 * the other pods until it expires. Leases are held in the name of this process ({@link #holder}).
 */
@ApplicationScoped
public class Coordination {

    enum State {
        /** An answer is in the shared cache. */
        CACHED,
        /** Another pod is looking the DOI up. */
        BUSY,
        /** The upstream asked for a pause that has not ended. */
        PAUSED,
        /** No turn under the upstream's rate within the wait allowed. */
        RATE,
        /** The lease is the caller's, but every place for a call open at once is taken: ask again. */
        FULL,
        /** The lease is the caller's: call the upstream after {@code millis}. */
        GO
    }

    /**
     * The outcome of {@link #begin}; {@code found} and {@code body} for CACHED only; {@code spacingMillis}
     * for GO: the spacing between two calls in effect (0: no rate to keep).
     */
    record Begin(State state, boolean found, String body, long millis, long spacingMillis) {
    }

    /** The outcome of {@link #turn}: PAUSED, RATE or GO, with millis and spacing as in {@link Begin}. */
    record Turn(State state, long millis, long spacingMillis) {
    }

    private final Pool pool;
    private final CoordinationState tables;
    /** Who holds a lease: this process, for as long as it runs. */
    private final String holder = UUID.randomUUID().toString();
    /** The statements after a call still under way, by upstream and DOI key. */
    private final Map<String, CompletableFuture<Void>> ends = new ConcurrentHashMap<>();
    /** The statements giving a place back still under way, by upstream and DOI key. */
    private final Map<String, CompletableFuture<Void>> gives = new ConcurrentHashMap<>();

    public Coordination(Pool pool, CoordinationState tables) {
        this.pool = pool;
        this.tables = tables;
    }

    /** Whether the database holds the statements' tables and functions. */
    CoordinationState tables() {
        return tables;
    }

    /** {@code places}: the upstream's calls open at once over all pods, a place held until {@link #end}; 0: no bound. */
    Uni<Begin> begin(String upstream, String key, long leaseMillis, long defaultSpacingMillis,
            long maxWaitMillis, int places) {
        return pool.preparedQuery("SELECT state, is_found, body, millis, spacing_ms FROM doi_lookup_begin($1, $2, $3, $4, $5, $6, $7)")
                .execute(Tuple.tuple().addString(upstream).addString(key).addString(holder).addLong(leaseMillis)
                        .addLong(defaultSpacingMillis).addLong(maxWaitMillis).addInteger(places))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new Begin(state(row), Boolean.TRUE.equals(row.getBoolean("is_found")), row.getString("body"),
                            millis(row, "millis"), millis(row, "spacing_ms"));
                });
    }

    /**
     * A turn under the upstream's rate for a further attempt at a call, after recording what the
     * previous attempt's answer taught: an announced spacing and a pause (each null when none).
     */
    Uni<Turn> turn(String upstream, long defaultSpacingMillis, long maxWaitMillis, Long announcedMillis,
            Long pauseMillis) {
        return pool.preparedQuery("SELECT state, millis, spacing_ms FROM doi_take_turn($1, $2, $3, $4, $5)")
                .execute(Tuple.tuple().addString(upstream).addLong(defaultSpacingMillis).addLong(maxWaitMillis)
                        .addLong(announcedMillis).addLong(pauseMillis))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new Turn(state(row), millis(row, "millis"), millis(row, "spacing_ms"));
                });
    }

    private static State state(Row row) {
        return State.valueOf(row.getString("state").toUpperCase(Locale.ROOT));
    }

    private static long millis(Row row, String column) {
        Long millis = row.getLong(column);
        return millis == null ? 0 : Math.max(0, millis);
    }

    /**
     * After the call: keeps the answer ({@code found} null for a failure: nothing kept), releases the
     * lease and the place, records an announced spacing and a pause (each null when there is none to record).
     */
    Uni<Void> end(String upstream, String key, Boolean found, String body, long ttlMillis,
            Long announcedMillis, Long pauseMillis) {
        return pool.preparedQuery("SELECT doi_lookup_end($1, $2, $3, $4, $5, $6, $7, $8)")
                .execute(Tuple.tuple().addString(upstream).addString(key).addString(holder).addBoolean(found)
                        .addString(body).addLong(ttlMillis).addLong(announcedMillis).addLong(pauseMillis))
                .replaceWithVoid();
    }

    /**
     * Deletes expired answers and dead leases, and the answers past {@code maxRows} or past
     * {@code maxBytes} of bodies, the closest to expiry first; the rows deleted.
     */
    Uni<Long> purge(long maxRows, long maxBytes) {
        return pool.preparedQuery("SELECT doi_purge($1, $2)").execute(Tuple.of(maxRows, maxBytes))
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /** The bytes of answer bodies in the shared cache (their lengths are read without reading them). */
    Uni<Long> sharedBytes() {
        return pool.preparedQuery("SELECT coalesce(sum(octet_length(body)), 0) FROM doi_answer").execute()
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /** Gives a lookup's place back, before its end statement (the lease stays). */
    Uni<Void> givePlace(String upstream, String key) {
        return pool.preparedQuery("DELETE FROM doi_call_place WHERE upstream = $1 AND holder = $2 AND doi_key = $3")
                .execute(Tuple.of(upstream, holder, key)).replaceWithVoid();
    }

    /**
     * Runs a statement giving a place back (which never fails: it recovers itself) without anyone
     * waiting for it; the DOI's end statement waits for it, so that it cannot drop the place of a
     * later lookup of the DOI on this pod.
     */
    void givePlaceLater(String upstream, String key, Uni<Void> statement) {
        String id = upstream + '\n' + key;
        CompletableFuture<Void> done = new CompletableFuture<>();
        gives.put(id, done);
        statement.subscribe().with(ok -> finish(gives, id, done), failure -> finish(gives, id, done));
    }

    /** Runs an end statement (which never fails: it recovers itself) without anyone waiting for it. */
    void endLater(String upstream, String key, Uni<Void> statement) {
        String id = upstream + '\n' + key;
        CompletableFuture<Void> done = new CompletableFuture<>();
        ends.put(id, done);
        CompletableFuture<Void> give = gives.get(id);
        Uni<Void> after = give == null ? statement : Uni.createFrom().completionStage(give).chain(() -> statement);
        after.subscribe().with(ok -> finish(ends, id, done), failure -> finish(ends, id, done));
    }

    /** Completes when the end statement for that DOI under way (if any) has run. */
    Uni<Void> settled(String upstream, String key) {
        CompletableFuture<Void> done = ends.get(upstream + '\n' + key);
        return done == null ? Uni.createFrom().voidItem() : Uni.createFrom().completionStage(done);
    }

    private static void finish(Map<String, CompletableFuture<Void>> under, String id, CompletableFuture<Void> done) {
        under.remove(id, done);
        done.complete(null);
    }

    void drain(@Observes ShutdownEvent stop, DoiSettings settings) {
        CompletableFuture<?>[] all = ends.values().toArray(CompletableFuture[]::new);
        if (all.length == 0) {
            return;
        }
        try {
            CompletableFuture.allOf(all).get(settings.coordinationTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            Log.warnf("%d statements sharing DOI answers did not finish before shutdown", all.length);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
