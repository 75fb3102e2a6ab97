package org.submission.doi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.TwoInstances;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;

/**
 * The registry's calls open at once, summed over two packaged instances on one database
 * (DOI_REGISTRY_CONCURRENCY, 3 by default): a registry that counts its open calls never sees more,
 * and a lookup that finds no place in time says so. Its own launcher, not Quarkus', which runs one instance.
 */
class RegistryPlacesIT {

    /**
     * Holds each registry call open for a while on WireMock's own thread before its answer is
     * written, counting the calls held at once: a call counts from its arrival until its answer
     * starts, so a client can only have freed its place after the count went down.
     */
    static final class OpenCalls implements ResponseDefinitionTransformerV2 {
        final AtomicInteger open = new AtomicInteger();
        final AtomicInteger highest = new AtomicInteger();

        @Override
        public ResponseDefinition transform(ServeEvent event) {
            if (event.getRequest().getUrl().startsWith(WireMockUpstreams.REGISTRY_PATH)) {
                highest.accumulateAndGet(open.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    open.decrementAndGet();
                }
            }
            return event.getResponseDefinition();
        }

        @Override
        public String getName() {
            return "open-calls";
        }
    }

    private static final OpenCalls registry = new OpenCalls();

    // the default rate (10 a second) and the default bound of 3; the place wait as long as the
    // lease allows, so that a loaded machine still answers most lookups
    @RegisterExtension
    static final TwoInstances pods = new TwoInstances(Map.of("DOI_SERVICE_LEASE_TIMEOUT", "30s",
            "DOI_UPSTREAM_RATE_WAIT", "20s", "DOI_UPSTREAM_DEADLINE", "5s"), registry);

    private final ExecutorService clients = Executors.newFixedThreadPool(24);

    @Test
    void twentyFourNewDoisOverTwoInstancesNeverHoldMoreThanThreeRegistryCallsOpen() throws Exception {
        List<String> dois = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            String doi = Fixtures.newDoi();
            Upstreams.work(pods.upstream(), doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
            dois.add(doi);
        }

        List<Response> answers = concurrently(dois);

        System.out.printf("highest number of registry calls open at once: %d (of %d lookups: %s)%n", registry.highest.get(),
                answers.size(), answers.stream().map(Response::statusCode).toList());
        assertThat(registry.highest.get()).isBetween(1, 3);
        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.statusCode()).isIn(200, 503, 504);
            if (answer.statusCode() != 200) {
                assertThat(answer.jsonPath().getString("error")).as("says why").isNotBlank();
            }
            if (answer.statusCode() == 503) {
                assertThat(answer.header("Retry-After")).isNotBlank();
            }
        });
        assertThat(answers).filteredOn(answer -> answer.statusCode() == 200).isNotEmpty();
    }

    private List<Response> concurrently(List<String> dois) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Response>> sent = new ArrayList<>();
        for (int i = 0; i < dois.size(); i++) {
            String doi = dois.get(i);
            boolean first = i % 2 == 0;
            sent.add(CompletableFuture.supplyAsync(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Api.journal(first ? pods.first() : pods.second(), doi);
            }, clients));
        }
        go.countDown();
        List<Response> answers = new ArrayList<>();
        for (CompletableFuture<Response> answer : sent) {
            answers.add(answer.get(90, TimeUnit.SECONDS));
        }
        return answers;
    }
}
