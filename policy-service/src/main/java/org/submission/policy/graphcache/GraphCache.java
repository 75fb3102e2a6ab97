package org.submission.policy.graphcache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.submission.policy.config.GraphCacheSettings;
import org.submission.policy.doi.RegistryRecord;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraphRepository.Versioned;

/**
 * The submission graphs of recent answers, each with the version of the PASS rows it was read
 * from ({@link Versioned}). A kept graph is served after a statement found its rows still at that
 * version, which reads nothing of the graph itself, its metadata included; and without one while
 * PASS's change counter has not moved since such a check ({@link PassChangeCounter}), so that an
 * unchanged graph asked about again costs no statement. For a person (through commits), only once
 * the counter was read after the request arrived, so that no commit made before it is hidden.
 *
 * <p>What was read of the article's registry record is kept with the graph it was read for
 * ({@link #keepRegistry}), in the same entry: dropped with it, by a new version as by its age or size.
 * So are the policies worked out from it under policy rules ({@link #keepAnswer}), so that a graph
 * asked about again is not evaluated again under the same rules for the same kind of caller.
 */
@ApplicationScoped
public class GraphCache {

    /** A kept graph: with its repositories always, so that one serves both answers; policy rules read more of it. */
    record Key(long submissionId, boolean forRules) {
    }

    /** At most this many answers are kept with one graph: the rules, explain and the caller's affiliation make them differ. */
    static final int ANSWERS = 4;

    /**
     * A kept graph and its rows' version, with the registry record of {@code doi} once one was read
     * for it (both null before), and the answers worked out from it by what they were worked out for;
     * {@code kept} the {@link System#nanoTime} it was kept at, which a record or answer added later does not move.
     */
    private record Kept(SubmissionGraph graph, String version, long verified, long kept, String doi, RegistryRecord registry,
                        Map<Object, Answer> answers) {

        Kept(SubmissionGraph graph, String version, long verified, long kept) {
            this(graph, version, verified, kept, null, null, Map.of());
        }

        Kept with(String doi, RegistryRecord registry, Map<Object, Answer> answers) {
            return new Kept(graph, version, verified, kept, doi, registry, answers);
        }

        Kept verifiedIn(long epoch) {
            return new Kept(graph, version, epoch, kept, doi, registry, answers);
        }

        long bytes(Key key) {
            long bytes = GraphCache.bytes(key, graph) + (version == null ? 0 : 2L * version.length())
                    + (registry == null ? 0 : registry.bytes());
            for (Answer answer : answers.values()) {
                bytes += answer.bytes();
            }
            return bytes;
        }
    }

    private record Answer(Object value, long bytes) {
    }

    private final Cache<Key, Kept> graphs;
    private final boolean off;
    private final Counter hits;
    private final Counter misses;
    private volatile LongSupplier trusted = () -> CounterReadings.UNTRUSTED;
    private volatile Supplier<Uni<Void>> caughtUp = () -> Uni.createFrom().voidItem();

    public GraphCache(GraphCacheSettings settings, MeterRegistry registry) {
        long maxAge = settings.maxAge().toNanos();
        this.off = settings.size().asLongValue() == 0;
        this.graphs = Caffeine.newBuilder().maximumWeight(settings.size().asLongValue())
                .weigher((Key key, Kept kept) -> (int) Math.min(Integer.MAX_VALUE, kept.bytes(key)))
                .expireAfter(new Expiry<Key, Kept>() {
                    @Override
                    public long expireAfterCreate(Key key, Kept kept, long now) {
                        return Math.max(0, kept.kept() + maxAge - now);
                    }

                    @Override
                    public long expireAfterUpdate(Key key, Kept kept, long now, long current) {
                        return expireAfterCreate(key, kept, now);
                    }

                    @Override
                    public long expireAfterRead(Key key, Kept kept, long now, long current) {
                        return current;
                    }
                }).build();
        this.hits = registry.counter("policy_answer_cache_requests", "result", "hit");
        this.misses = registry.counter("policy_answer_cache_requests", "result", "miss");
        Gauge.builder("policy_answer_cache_bytes", graphs, kept -> kept.policy().eviction().orElseThrow().weightedSize().orElse(0))
                .description("The heap the kept graphs take, as the pod estimates it").baseUnit("bytes").register(registry);
    }

    /**
     * A submission's graph as a request read it, null when there is none; whether it came from
     * memory, and then whether a statement checked it; {@link #keep()} keeps one just read, once the
     * caller may see it.
     */
    public record Lookup(SubmissionGraph graph, boolean fromMemory, boolean checked, Runnable keeper) {

        /** A graph read from the database, never kept. */
        public static Lookup read(SubmissionGraph graph) {
            return new Lookup(graph, false, true, NOTHING);
        }

        public void keep() {
            keeper.run();
        }
    }

    private static final Runnable NOTHING = () -> { };

    /** How a submission's graph is read: whole, with its rows' version or not, or that version alone. */
    public interface Reads {

        Uni<Versioned> graph(boolean versioned);

        Uni<String> version();
    }

    /**
     * The kept graph of the submission without a statement while the change counter has not moved
     * since it was checked; else while a statement finds its rows still at the kept version (policy
     * rules' graphs keep one); else the graph read again, which {@link Lookup#keep()} keeps: only a
     * caller who may see it keeps it, so that what strangers ask fills nothing. Through commits (a
     * person), the counter is read after this call first.
     */
    public Uni<Lookup> get(long submissionId, boolean forRules, boolean throughCommits, Reads reads) {
        Key key = new Key(submissionId, forRules);
        if (graphs.getIfPresent(key) == null) {
            return read(key, reads);
        }
        Uni<Void> counted = throughCommits ? caughtUp.get() : Uni.createFrom().voidItem();
        return counted.flatMap(ignored -> {
            Kept kept = graphs.getIfPresent(key);
            long epoch = trusted.getAsLong();
            if (kept == null) {
                return read(key, reads);
            }
            if (epoch != CounterReadings.UNTRUSTED && kept.verified() == epoch) {
                hits.increment();
                return Uni.createFrom().item(new Lookup(kept.graph(), true, false, NOTHING));
            }
            if (kept.version() == null) {
                graphs.asMap().remove(key, kept);
                return read(key, reads);
            }
            return reads.version().flatMap(version -> {
                if (kept.version().equals(version)) {
                    hits.increment();
                    if (epoch != CounterReadings.UNTRUSTED && trusted.getAsLong() == epoch) {
                        graphs.asMap().replace(key, kept, kept.verifiedIn(epoch));
                    }
                    return Uni.createFrom().item(new Lookup(kept.graph(), true, true, NOTHING));
                }
                graphs.asMap().remove(key, kept);
                return read(key, reads);
            });
        });
    }

    /**
     * The graph read again. With its rows' version only for policy rules' graph: what is kept with
     * it (the registry record, the answers) is worth a check once PASS changed, where a plain graph
     * costs less to read again than its version does to check, and the version costs a graph's read
     * about twice its database time.
     */
    private Uni<Lookup> read(Key key, Reads reads) {
        long epoch = trusted.getAsLong();
        return reads.graph(key.forRules()).map(read -> {
            misses.increment();
            SubmissionGraph graph = read.graph();
            // "no such submission" is not kept: a probe of unknown ids must not fill the cache
            return graph == null || off ? Lookup.read(graph) : new Lookup(graph, false, true, () -> graphs.put(key,
                    new Kept(graph, read.version(), trusted.getAsLong() == epoch ? epoch : CounterReadings.UNTRUSTED,
                            System.nanoTime())));
        });
    }

    /**
     * What decides whether a kept graph needs its check: the epoch a check made now is trusted in,
     * and a read of the counter begun after the request.
     */
    void countedBy(LongSupplier trusted, Supplier<Uni<Void>> caughtUp) {
        this.trusted = trusted;
        this.caughtUp = caughtUp;
    }

    /** The registry record of {@code doi} kept with this very graph (policy rules' graph), or null. */
    public RegistryRecord registry(SubmissionGraph graph, String doi) {
        Kept kept = keptWith(graph);
        return kept != null && doi.equals(kept.doi()) ? kept.registry() : null;
    }

    /**
     * Keeps the registry record of {@code doi} with the graph it was read for, while that graph is
     * the one kept: one dropped or read again since (its rows changed) keeps nothing.
     */
    public void keepRegistry(SubmissionGraph graph, String doi, RegistryRecord record) {
        change(graph, kept -> kept.with(doi, record, kept.answers()));
    }

    /** The answer worked out from this very graph (policy rules' graph) for {@code variant} (compared by equals), or null. */
    public Object answer(SubmissionGraph graph, Object variant) {
        Kept kept = keptWith(graph);
        Answer answer = kept == null ? null : kept.answers().get(variant);
        return answer == null ? null : answer.value();
    }

    /**
     * Keeps an answer worked out from {@code graph} (policy rules' graph) for {@code variant},
     * weighing {@code bytes}, while that graph is the one kept; past {@link #ANSWERS} the others are
     * dropped, so that rules replaced again and again leave no answers behind.
     */
    public void keepAnswer(SubmissionGraph graph, Object variant, Object answer, long bytes) {
        change(graph, kept -> {
            Map<Object, Answer> answers = new HashMap<>(kept.answers().size() < ANSWERS ? kept.answers() : Map.of());
            answers.put(variant, new Answer(answer, bytes));
            return kept.with(kept.doi(), kept.registry(), Map.copyOf(answers));
        });
    }

    /** The entry of policy rules' graph of that submission while it holds this very graph, or null. */
    private Kept keptWith(SubmissionGraph graph) {
        Kept kept = graphs.getIfPresent(new Key(graph.id(), true));
        return kept != null && kept.graph() == graph ? kept : null;
    }

    /** Replaces the entry of policy rules' graph of that submission by {@code change}'s, while it holds this very graph. */
    private void change(SubmissionGraph graph, UnaryOperator<Kept> change) {
        graphs.asMap().computeIfPresent(new Key(graph.id(), true), (key, kept) -> kept.graph() == graph ? change.apply(kept) : kept);
    }

    /**
     * A graph's heap, roughly: its objects at a compressed-pointer JVM's sizes, its strings at two
     * bytes a character, so that the metadata fields it read count for what they hold.
     */
    static int bytes(Key key, SubmissionGraph graph) {
        // a funder route: the record, its policy id and up to three days of its grant (end, award, start)
        long bytes = 200 + 48L * graph.preparerIds().size() + 136L * graph.funderRoutes().size()
                + 40L * graph.effectiveRepositories().size()
                + graph.metadata().bytes();
        for (String affiliation : graph.submitterAffiliations()) {
            bytes += 48 + 2L * affiliation.length();
        }
        return (int) Math.min(Integer.MAX_VALUE, bytes);
    }
}
