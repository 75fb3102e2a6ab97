package org.submission.policy.graphcache;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.submission.policy.config.GraphCacheSettings;
import org.submission.policy.doi.RegistryRecord;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraphRepository.Versioned;

/**
 * The cache against reads that behave as the graph's statements do: each submission's rows have a
 * version, which a write moves; the version alone is read for a kept graph, the graph with its
 * version otherwise.
 */
class GraphCacheTest {

    private static final GraphCache.Key ONE = new GraphCache.Key(1, false);
    private static final GraphCache.Key ONE_FOR_RULES = new GraphCache.Key(1, true);
    private static final GraphCache.Key TWO_FOR_RULES = new GraphCache.Key(2, true);

    private static final String DOI = "10.5555/registry";
    private static final RegistryRecord RECORD = new RegistryRecord(null, List.of());

    private final GraphCache cache = new GraphCache(settings(1 << 20), new SimpleMeterRegistry());
    private final Map<Long, Integer> versions = new HashMap<>(Map.of(1L, 1, 2L, 1));
    private final List<String> statements = new ArrayList<>();
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicLong epoch = new AtomicLong(CounterReadings.UNTRUSTED);

    @Test
    void aGraphWhoseRowsAreUnchangedIsServedFromMemory() {
        SubmissionGraph first = read(ONE_FOR_RULES);
        SubmissionGraph second = read(ONE_FOR_RULES);

        assertThat(reads).hasValue(1);
        assertThat(second).isSameAs(first);
    }

    @Test
    void aKeptGraphOfPolicyRulesCostsTheStatementOfItsVersionAloneAndOneNotKeptTheGraphs() {
        read(ONE_FOR_RULES);
        read(ONE_FOR_RULES);

        assertThat(statements).containsExactly("versioned graph 1", "version 1");
    }

    @Test
    void aGraphWhoseRowsChangedIsReadAgainAndKeptAtTheirNewVersion() {
        SubmissionGraph before = read(ONE_FOR_RULES);

        write(1);
        SubmissionGraph after = read(ONE_FOR_RULES);
        read(ONE_FOR_RULES);

        assertThat(after).isNotSameAs(before);
        assertThat(statements).containsExactly("versioned graph 1", "version 1", "versioned graph 1", "version 1");
    }

    @Test
    void whileTheCounterHasNotMovedSinceItsCheckAKeptGraphCostsNoStatement() {
        cache.countedBy(epoch::get, () -> Uni.createFrom().voidItem());
        epoch.set(1);
        read(ONE);
        read(ONE);
        read(ONE);

        assertThat(statements).containsExactly("graph 1");
    }

    @Test
    void onceTheCounterMovedAKeptGraphOfPolicyRulesIsCheckedOnceAgain() {
        cache.countedBy(epoch::get, () -> Uni.createFrom().voidItem());
        epoch.set(1);
        read(ONE_FOR_RULES);

        epoch.set(2);
        read(ONE_FOR_RULES);
        read(ONE_FOR_RULES);

        assertThat(statements).containsExactly("versioned graph 1", "version 1");
    }

    @Test
    void onceTheCounterMovedAPlainGraphIsReadAgainOnce() {
        cache.countedBy(epoch::get, () -> Uni.createFrom().voidItem());
        epoch.set(1);
        read(ONE);

        epoch.set(2);
        read(ONE);
        read(ONE);

        assertThat(statements).containsExactly("graph 1", "graph 1");
    }

    @Test
    void aCheckMadeWhileChecksAreNotTrustedIsMadeAgainNextTime() {
        cache.countedBy(epoch::get, () -> Uni.createFrom().voidItem());
        read(ONE_FOR_RULES);
        read(ONE_FOR_RULES);
        read(ONE_FOR_RULES);

        assertThat(statements).containsExactly("versioned graph 1", "version 1", "version 1");
    }

    @Test
    void aPersonsKeptGraphWaitsForTheCounterReadAfterTheRequest() {
        AtomicReference<GraphCache.Lookup> served = new AtomicReference<>();
        cache.countedBy(epoch::get, () -> Uni.createFrom().nothing());
        epoch.set(1);
        read(ONE);

        cache.get(1, false, true, reads(1)).subscribe().with(served::set);

        assertThat(served.get()).isNull();
    }

    @Test
    void aWriteToOneSubmissionsRowsReadsItsGraphAgainAndNoOther() {
        read(ONE_FOR_RULES);
        read(TWO_FOR_RULES);

        write(1);
        read(ONE_FOR_RULES);
        read(TWO_FOR_RULES);

        assertThat(reads).hasValue(3);
    }

    @Test
    void aRegistryRecordIsKeptWithItsGraphAndDroppedWhenItsRowsChange() {
        SubmissionGraph graph = read(ONE_FOR_RULES);
        cache.keepRegistry(graph, DOI, RECORD);
        assertThat(cache.registry(read(ONE_FOR_RULES), DOI)).isSameAs(RECORD);

        write(1);

        assertThat(cache.registry(read(ONE_FOR_RULES), DOI)).isNull();
    }

    @Test
    void anAnswerIsKeptWithItsGraphAndDroppedWhenItsRowsChange() {
        SubmissionGraph graph = read(ONE_FOR_RULES);
        cache.keepAnswer(graph, "plain", "answer", 100);
        assertThat(cache.answer(read(ONE_FOR_RULES), "plain")).isEqualTo("answer");
        assertThat(cache.answer(read(ONE_FOR_RULES), "explained")).isNull();

        write(1);

        assertThat(cache.answer(read(ONE_FOR_RULES), "plain")).isNull();
    }

    @Test
    void pastItsBoundAGraphsAnswersMakeRoomForTheNewOne() {
        SubmissionGraph graph = read(ONE_FOR_RULES);
        for (int variant = 0; variant <= GraphCache.ANSWERS; variant++) {
            cache.keepAnswer(graph, variant, "answer " + variant, 100);
        }

        assertThat(cache.answer(graph, GraphCache.ANSWERS)).isEqualTo("answer " + GraphCache.ANSWERS);
        assertThat(cache.answer(graph, 0)).isNull();
    }

    @Test
    void neitherARegistryRecordNorAnAnswerIsKeptWithAGraphNoLongerKept() {
        SubmissionGraph graph = read(ONE_FOR_RULES);
        write(1);
        SubmissionGraph again = read(ONE_FOR_RULES);

        cache.keepRegistry(graph, DOI, RECORD);
        cache.keepAnswer(graph, "plain", "stale", 100);

        assertThat(cache.registry(again, DOI)).isNull();
        assertThat(cache.answer(again, "plain")).isNull();
    }

    @Test
    void aGraphIsKeptOnlyOnceACallerWhoMaySeeItAsked() {
        lookUp(ONE_FOR_RULES);
        lookUp(ONE_FOR_RULES);
        GraphCache.Lookup seen = lookUp(ONE_FOR_RULES);
        seen.keep();

        assertThat(lookUp(ONE_FOR_RULES).fromMemory()).isTrue();
        assertThat(seen.fromMemory()).isFalse();
        assertThat(reads).hasValue(3);
    }

    @Test
    void anUnknownSubmissionIsNotKept() {
        versions.remove(1L);

        lookUp(ONE).keep();
        lookUp(ONE).keep();

        assertThat(statements).containsExactly("graph 1", "graph 1");
    }

    @Test
    void aSubmissionDeletedSinceItsGraphWasKeptIsNoLongerServed() {
        read(ONE_FOR_RULES);

        versions.remove(1L);
        GraphCache.Lookup gone = lookUp(ONE_FOR_RULES);
        lookUp(ONE_FOR_RULES);

        assertThat(gone.graph()).isNull();
        assertThat(statements).containsExactly("versioned graph 1", "version 1", "versioned graph 1", "versioned graph 1");
    }

    @Test
    void withASizeOfNothingNothingIsKept() {
        GraphCache off = new GraphCache(settings(0), new SimpleMeterRegistry());

        off.get(1, false, false, reads(1)).await().indefinitely().keep();
        off.get(1, false, false, reads(1)).await().indefinitely().keep();

        assertThat(reads).hasValue(2);
    }

    @Test
    void aGraphWeighsTheMetadataFieldsItKeptNotTheText() {
        SubmissionGraph bare = graphOf(1);
        SubmissionGraph withMetadata = new SubmissionGraph(1, 7L, List.of(), Set.of(), List.of(), null, List.of(),
                "{\"doi\": \"" + "x".repeat(1_000) + "\", \"abstract\": \"" + "x".repeat(100_000) + "\"}", null);

        assertThat(GraphCache.bytes(ONE, withMetadata) - GraphCache.bytes(ONE, bare)).isBetween(2_000, 10_000);
    }

    /** The graph as a caller who may see it asks: it keeps what it read. */
    private SubmissionGraph read(GraphCache.Key key) {
        GraphCache.Lookup found = lookUp(key);
        found.keep();
        return found.graph();
    }

    private GraphCache.Lookup lookUp(GraphCache.Key key) {
        return cache.get(key.submissionId(), key.forRules(), false, reads(key.submissionId())).await().indefinitely();
    }

    /** As the graph's statements answer: no graph for no submission, and a version for any id. */
    private GraphCache.Reads reads(long id) {
        return new GraphCache.Reads() {
            @Override
            public Uni<Versioned> graph(boolean versioned) {
                statements.add((versioned ? "versioned graph " : "graph ") + id);
                reads.incrementAndGet();
                return Uni.createFrom().item(new Versioned(versions.containsKey(id) ? graphOf(id) : null,
                        versioned ? versionOf(id) : null));
            }

            @Override
            public Uni<String> version() {
                statements.add("version " + id);
                return Uni.createFrom().item(versionOf(id));
            }
        };
    }

    private String versionOf(long id) {
        Integer version = versions.get(id);
        return id + ":" + (version == null ? "none" : version);
    }

    private void write(long id) {
        versions.merge(id, 1, Integer::sum);
    }

    private static SubmissionGraph graphOf(long id) {
        return new SubmissionGraph(id, 7L, List.of(), Set.of(), List.of(), null, List.of());
    }

    private static GraphCacheSettings settings(long bytes) {
        return new GraphCacheSettings() {
            @Override
            public MemorySize size() {
                return new MemorySize(BigInteger.valueOf(bytes));
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
