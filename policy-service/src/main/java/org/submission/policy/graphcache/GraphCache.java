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
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.submission.policy.config.GraphCacheSettings;
import org.submission.policy.doi.RegistryRecord;
import org.submission.policy.repository.SubmissionGraph;

/**
 * The submission graphs of recent answers, kept only while this pod hears PASS's changes: triggers
 * on PASS's tables log each change ({@code V7__pass_change_log.sql}) and {@link PassChangeLog}
 * reads the log and passes them here. Whenever the pod is not listening, nothing is kept or
 * served, because a change it could not hear about must not leave an answer behind.
 *
 * <p>Asked through commits, a kept graph is served only after a read of the log begun after its
 * request ({@link #readBy}), so that a commit made just before the request is never hidden by it.
 *
 * <p>A graph read while a notice arrives is not kept: every notice moves the epoch, and a read keeps
 * its graph only if the epoch it started in is still the current one after the graph is stored.
 * The notice's side moves the epoch before it drops graphs, so one of the two always removes it.
 *
 * <p>What was read of the article's registry record is kept with the graph it was read for
 * ({@link #keepRegistry}), in the same entry: dropped with it, by a notice as by its age or size.
 * So are the policies worked out from it under policy rules ({@link #keepAnswer}), so that a graph
 * asked about again is not evaluated again under the same rules for the same kind of caller.
 */
@ApplicationScoped
public class GraphCache {

    /** A kept graph: with its repositories always, so that one serves both answers; policy rules read more of it. */
    record Key(long submissionId, boolean forRules) {
    }

    private static final String SUBMISSION = "submission:";

    /** At most this many answers are kept with one graph: the rules, explain and the caller's affiliation make them differ. */
    static final int ANSWERS = 4;

    /**
     * A kept graph, with the registry record of {@code doi} once one was read for it (both null before),
     * and the answers worked out from it by what they were worked out for;
     * {@code kept} the {@link System#nanoTime} it was kept at, which a record or answer added later does not move.
     */
    private record Kept(SubmissionGraph graph, long kept, String doi, RegistryRecord registry, Map<Object, Answer> answers) {

        Kept(SubmissionGraph graph, long kept) {
            this(graph, kept, null, null, Map.of());
        }

        long bytes(Key key) {
            long bytes = GraphCache.bytes(key, graph) + (registry == null ? 0 : registry.bytes());
            for (Answer answer : answers.values()) {
                bytes += answer.bytes();
            }
            return bytes;
        }
    }

    private record Answer(Object value, long bytes) {
    }

    private final Cache<Key, Kept> graphs;
    private final AtomicLong epoch = new AtomicLong();
    private final Counter hits;
    private final Counter misses;
    private volatile boolean listening;
    private volatile Supplier<Uni<Void>> caughtUp = () -> Uni.createFrom().voidItem();

    public GraphCache(GraphCacheSettings settings, MeterRegistry registry) {
        long maxAge = settings.maxAge().toNanos();
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
        Gauge.builder("policy_answer_cache_listening", this, cache -> cache.listening ? 1 : 0)
                .description("1 while PASS's change notices are heard and graphs are kept, 0 otherwise").register(registry);
    }

    /**
     * A submission's graph as a request read it, null when there is none; whether it came from
     * memory; {@link #keep()} keeps one just read, once the caller may see it.
     */
    public record Lookup(SubmissionGraph graph, boolean fromMemory, Runnable keeper) {

        /** A graph read from the database, never kept. */
        public static Lookup read(SubmissionGraph graph) {
            return new Lookup(graph, false, NOTHING);
        }

        public void keep() {
            keeper.run();
        }
    }

    private static final Runnable NOTHING = () -> { };

    /**
     * The kept graph of the submission (through commits: once every commit before this call has been
     * read from the log), or the loader's, which {@link Lookup#keep()} keeps when
     * nothing changed meanwhile: only a caller who may see it keeps it, so that what strangers ask
     * fills nothing. The loader is told whether the graph must hold the effective policies'
     * repositories: always when it may be kept, since the same graph then serves both answers.
     */
    public Uni<Lookup> get(long submissionId, boolean withRepositories, boolean forRules, boolean throughCommits,
                           Function<Boolean, Uni<SubmissionGraph>> loader) {
        if (!listening) {
            return loader.apply(withRepositories).map(Lookup::read);
        }
        Key key = new Key(submissionId, forRules);
        SubmissionGraph kept = graphOf(graphs.getIfPresent(key));
        if (kept == null) {
            return miss(key, loader);
        }
        if (!throughCommits) {
            hits.increment();
            return Uni.createFrom().item(new Lookup(kept, true, NOTHING));
        }
        // a commit made just before this request may not have been read from the log yet
        return caughtUp.get().flatMap(read -> {
            if (listening && graphOf(graphs.getIfPresent(key)) == kept) {
                hits.increment();
                return Uni.createFrom().item(new Lookup(kept, true, NOTHING));
            }
            return miss(key, loader);
        });
    }

    private Uni<Lookup> miss(Key key, Function<Boolean, Uni<SubmissionGraph>> loader) {
        misses.increment();
        long started = epoch.get();
        // "no such submission" is not kept: a probe of unknown ids must not fill the cache
        return loader.apply(true).map(graph -> graph == null ? Lookup.read(null)
                : new Lookup(graph, false, () -> keep(key, graph, started)));
    }

    private void keep(Key key, SubmissionGraph graph, long started) {
        Kept kept = new Kept(graph, System.nanoTime());
        graphs.put(key, kept);
        if (!listening || epoch.get() != started) {
            graphs.asMap().remove(key, kept);
        }
    }

    private static SubmissionGraph graphOf(Kept kept) {
        return kept == null ? null : kept.graph();
    }

    /** The registry record of {@code doi} kept with this very graph (policy rules' graph), or null. */
    public RegistryRecord registry(SubmissionGraph graph, String doi) {
        Kept kept = keptWith(graph);
        return kept != null && doi.equals(kept.doi()) ? kept.registry() : null;
    }

    /**
     * Keeps the registry record of {@code doi} with the graph it was read for, while that graph is
     * the one kept: one dropped or read again since (a notice came) keeps nothing.
     */
    public void keepRegistry(SubmissionGraph graph, String doi, RegistryRecord record) {
        change(graph, kept -> new Kept(graph, kept.kept(), doi, record, kept.answers()));
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
            return new Kept(graph, kept.kept(), kept.doi(), kept.registry(), Map.copyOf(answers));
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

    /** What a kept graph waits for before it is served: a read of PASS's changes begun after the request. */
    void readBy(Supplier<Uni<Void>> caughtUp) {
        this.caughtUp = caughtUp;
    }

    /** A notice's payload: one submission's rows changed, or rows many submissions share. */
    public void changed(String payload) {
        epoch.incrementAndGet();
        if (payload != null && payload.startsWith(SUBMISSION)) {
            try {
                long id = Long.parseLong(payload.substring(SUBMISSION.length()));
                graphs.invalidate(new Key(id, false));
                graphs.invalidate(new Key(id, true));
                return;
            } catch (NumberFormatException e) {
                // not one of the triggers' payloads: drop everything rather than guess
            }
        }
        graphs.invalidateAll();
    }

    // the two switches are synchronized: the check's answer and a lost connection arrive on different
    // threads, and a switch on that interleaved with a switch off could leave the pod keeping while deaf

    /** The pod hears every change from now on: start keeping graphs, from an empty cache. */
    public synchronized void listening() {
        if (!listening) {
            epoch.incrementAndGet();
            graphs.invalidateAll();
            listening = true;
        }
    }

    /** The pod may miss changes from now on: keep nothing, serve nothing kept. */
    public synchronized void deaf() {
        listening = false;
        epoch.incrementAndGet();
        graphs.invalidateAll();
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
