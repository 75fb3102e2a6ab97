package org.submission.policy.graphcache;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.ArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.submission.policy.config.GraphCacheSettings;
import org.submission.policy.doi.RegistryRecord;
import org.submission.policy.repository.SubmissionGraph;

class GraphCacheTest {

    private static final GraphCache.Key ONE = new GraphCache.Key(1, false);
    private static final GraphCache.Key ONE_FOR_RULES = new GraphCache.Key(1, true);
    private static final GraphCache.Key TWO = new GraphCache.Key(2, false);

    private static final String DOI = "10.5555/registry";
    private static final RegistryRecord RECORD = new RegistryRecord(null, List.of());

    private final GraphCache cache = new GraphCache(settings(), new SimpleMeterRegistry());
    private final AtomicInteger reads = new AtomicInteger();

    @Test
    void aGraphAskedForAgainIsNotReadAgainWhileListening() {
        cache.listening();

        SubmissionGraph first = read(ONE);
        SubmissionGraph second = read(ONE);

        assertThat(reads).hasValue(1);
        assertThat(second).isSameAs(first);
    }

    @Test
    void nothingIsKeptBeforeTheNoticesAreHeard() {
        read(ONE);
        read(ONE);

        assertThat(reads).hasValue(2);
    }

    @Test
    void aSubmissionsNoticeDropsItsGraphsOfEveryKindAndNoOther() {
        cache.listening();
        read(ONE);
        read(ONE_FOR_RULES);
        read(TWO);

        cache.changed("submission:1");
        read(ONE);
        read(ONE_FOR_RULES);
        read(TWO);

        assertThat(reads).hasValue(5);
    }

    @Test
    void aRegistryRecordIsKeptWithItsGraphAndDroppedByTheSubmissionsNotice() {
        cache.listening();
        SubmissionGraph graph = read(ONE_FOR_RULES);
        cache.keepRegistry(graph, DOI, RECORD);
        assertThat(cache.registry(read(ONE_FOR_RULES), DOI)).isSameAs(RECORD);

        cache.changed("submission:1");

        assertThat(cache.registry(read(ONE_FOR_RULES), DOI)).isNull();
    }

    @Test
    void anAnswerIsKeptWithItsGraphAndDroppedByTheSubmissionsNotice() {
        cache.listening();
        SubmissionGraph graph = read(ONE_FOR_RULES);
        cache.keepAnswer(graph, "plain", "answer", 100);
        assertThat(cache.answer(read(ONE_FOR_RULES), "plain")).isEqualTo("answer");
        assertThat(cache.answer(read(ONE_FOR_RULES), "explained")).isNull();

        cache.changed("submission:1");

        assertThat(cache.answer(read(ONE_FOR_RULES), "plain")).isNull();
    }

    @Test
    void pastItsBoundAGraphsAnswersMakeRoomForTheNewOne() {
        cache.listening();
        SubmissionGraph graph = read(ONE_FOR_RULES);
        for (int variant = 0; variant <= GraphCache.ANSWERS; variant++) {
            cache.keepAnswer(graph, variant, "answer " + variant, 100);
        }

        assertThat(cache.answer(graph, GraphCache.ANSWERS)).isEqualTo("answer " + GraphCache.ANSWERS);
        assertThat(cache.answer(graph, 0)).isNull();
    }

    @Test
    void neitherARegistryRecordNorAnAnswerIsKeptWithAGraphNoLongerKept() {
        cache.listening();
        SubmissionGraph graph = read(ONE_FOR_RULES);
        cache.changed("submission:1");
        SubmissionGraph again = read(ONE_FOR_RULES);

        cache.keepRegistry(graph, DOI, RECORD);
        cache.keepAnswer(graph, "plain", "stale", 100);

        assertThat(cache.registry(again, DOI)).isNull();
        assertThat(cache.answer(again, "plain")).isNull();
    }

    @Test
    void aKeptGraphHoldsTheRepositoriesSoThatItServesBothAnswers() {
        cache.listening();

        assertThat(repositoriesAskedFor(false, true)).containsExactly(true);
    }

    @Test
    void withoutKeepingTheLoaderReadsOnlyWhatTheAnswerNeeds() {
        assertThat(repositoriesAskedFor(false)).containsExactly(false);
    }

    @Test
    void aNoticeOfSharedRowsDropsEveryGraph() {
        cache.listening();
        read(ONE);
        read(TWO);

        cache.changed("all");
        read(ONE);
        read(TWO);

        assertThat(reads).hasValue(4);
    }

    @Test
    void aGraphReadWhileANoticeArrivesIsServedButNotKept() {
        cache.listening();
        AtomicReference<Runnable> answer = new AtomicReference<>();
        AtomicReference<SubmissionGraph> served = new AtomicReference<>();
        cache.get(1, false, false, true, repositories -> Uni.createFrom().emitter(emitter -> answer.set(() -> emitter.complete(graph(1)))))
                .subscribe().with(lookup -> {
                    served.set(lookup.graph());
                    lookup.keep();
                });

        cache.changed("submission:1");
        answer.get().run();
        read(ONE);

        assertThat(served.get()).isNotNull();
        assertThat(reads).hasValue(1);
    }

    @Test
    void losingTheNoticesDropsEveryGraphAndKeepsNothingUntilHeardAgain() {
        cache.listening();
        read(ONE);

        cache.deaf();
        read(ONE);
        read(ONE);
        cache.listening();
        read(ONE);
        read(ONE);

        assertThat(reads).hasValue(4);
    }

    @Test
    void aGraphIsKeptOnlyOnceACallerWhoMaySeeItAsked() {
        cache.listening();
        lookUp(ONE);
        lookUp(ONE);
        GraphCache.Lookup seen = lookUp(ONE);
        seen.keep();

        assertThat(lookUp(ONE).fromMemory()).isTrue();
        assertThat(seen.fromMemory()).isFalse();
        assertThat(reads).hasValue(3);
    }

    @Test
    void onlyALookupThroughCommitsWaitsForTheLogToBeRead() {
        cache.listening();
        read(ONE);
        cache.readBy(() -> Uni.createFrom().nothing());
        AtomicReference<GraphCache.Lookup> throughCommits = new AtomicReference<>();

        GraphCache.Lookup within = cache.get(1, false, false, false, repositories -> Uni.createFrom().nullItem())
                .await().atMost(Duration.ofSeconds(5));
        cache.get(1, false, false, true, repositories -> Uni.createFrom().nullItem()).subscribe().with(throughCommits::set);

        assertThat(within.fromMemory()).isTrue();
        assertThat(throughCommits.get()).isNull();
    }

    @Test
    void anUnknownSubmissionIsNotKept() {
        cache.listening();
        Function<Boolean, Uni<SubmissionGraph>> none = repositories -> {
            reads.incrementAndGet();
            return Uni.createFrom().nullItem();
        };

        cache.get(1, false, false, true, none).await().indefinitely().keep();
        cache.get(1, false, false, true, none).await().indefinitely().keep();

        assertThat(reads).hasValue(2);
    }

    @Test
    void aGraphWeighsTheMetadataFieldsItKeptNotTheText() {
        SubmissionGraph bare = graph(1);
        SubmissionGraph withMetadata = new SubmissionGraph(1, 7L, List.of(), Set.of(), List.of(), null, List.of(),
                "{\"doi\": \"" + "x".repeat(1_000) + "\", \"abstract\": \"" + "x".repeat(100_000) + "\"}", null);

        assertThat(GraphCache.bytes(ONE, withMetadata) - GraphCache.bytes(ONE, bare)).isBetween(2_000, 10_000);
    }

    /** Whether the loader was asked for the repositories, for each of these answers about submission 1. */
    private List<Boolean> repositoriesAskedFor(boolean... answers) {
        List<Boolean> asked = new ArrayList<>();
        for (boolean repositories : answers) {
            cache.get(1, repositories, false, true, withRepositories -> {
                asked.add(withRepositories);
                return Uni.createFrom().item(graph(1));
            }).await().indefinitely().keep();
        }
        return asked;
    }

    /** The graph as a caller who may see it asks: it keeps what it read. */
    private SubmissionGraph read(GraphCache.Key key) {
        GraphCache.Lookup found = lookUp(key);
        found.keep();
        return found.graph();
    }

    private GraphCache.Lookup lookUp(GraphCache.Key key) {
        return cache.get(key.submissionId(), false, key.forRules(), true, repositories -> {
            reads.incrementAndGet();
            return Uni.createFrom().item(graph(key.submissionId()));
        }).await().indefinitely();
    }

    private static SubmissionGraph graph(long id) {
        return new SubmissionGraph(id, 7L, List.of(), Set.of(), List.of(), null, List.of());
    }

    private static GraphCacheSettings settings() {
        return new GraphCacheSettings() {
            @Override
            public MemorySize size() {
                return new MemorySize(BigInteger.valueOf(1 << 20));
            }

            @Override
            public Duration maxAge() {
                return Duration.ofMinutes(10);
            }

            @Override
            public Duration readPeriod() {
                return Duration.ofMillis(100);
            }

            @Override
            public Duration checkPeriod() {
                return Duration.ofSeconds(2);
            }
        };
    }
}
