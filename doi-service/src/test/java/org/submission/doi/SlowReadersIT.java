package org.submission.doi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.DemoDoiService;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.RunningService;
import org.submission.platform.testing.SlowReaders;

/**
 * A hundred clients that ask for DOIs whose registry works are 1.87 MB and never read, on the
 * packaged service with the images' JVM options (a 128 MiB heap, ExitOnOutOfMemoryError): their
 * answers used to fill the heap until the service died. The works are answered once first, so that
 * the readers get them from the caches (the memory cache holds some, the rest are read back from
 * the shared table). {@code -Dslow-readers.write-budget=1G} runs it as before the write budget ({@link DemoDoiService}).
 */
@QuarkusIntegrationTest
@WithTestResource(value = DemoDoiService.class, scope = TestResourceScope.MATCHING_RESOURCES)
@WithTestResource(value = WireMockUpstreams.class, scope = TestResourceScope.MATCHING_RESOURCES)
class SlowReadersIT {

    private static final int WORKS = 10;
    private static final int READERS = 100;

    @WireMockUpstreams.Server
    WireMockServer registry;

    @Test
    void aHundredSlowReadersOfLargeWorksLeaveTheServiceUpAndACachedAnswerFast() throws Exception {
        List<String> large = new ArrayList<>();
        for (int i = 0; i < WORKS; i++) {
            String doi = Fixtures.newDoi();
            Upstreams.answer(registry, "journal", doi, Upstreams.json(largeWork(doi)));
            large.add(doi);
        }
        String cached = Fixtures.newDoi();
        Upstreams.answer(registry, "manuscript", cached, Upstreams.json(Fixtures.text("oa-record.json")));
        RunningService service = IntegrationTestService.current();
        for (String doi : large) {
            assertThat(Api.journal(service, doi).asString().length()).isGreaterThan(1_800_000);
        }
        // over one kept-alive connection, as a client does: the slow readers already hold 100 from this address
        Callable<HttpResponse<String>> cachedRequest =
                () -> service.get("/doi/manuscript?doi=" + URLEncoder.encode(cached, StandardCharsets.UTF_8));
        List<Long> unloaded = SlowReaders.timeUnloaded(service, cachedRequest, 20);
        System.out.println("SlowReadersIT before: " + SlowReaders.memory(service));

        List<Long> millis = new ArrayList<>();
        List<SlowReaders> rounds = new ArrayList<>();
        try {
            // a round per work: the service refuses (429) a request for a DOI whose answer is still
            // being made, so a round asks only once the last one's answers have begun, however long
            // a loaded machine takes to make them
            Map<Integer, Integer> statuses = new TreeMap<>();
            for (int round = 0; round < READERS / WORKS; round++) {
                SlowReaders readers = SlowReaders.open(service, WORKS, i -> "/doi/journal?doi=" + URLEncoder.encode(large.get(i), StandardCharsets.UTF_8));
                rounds.add(readers);
                readers.statuses(Duration.ofSeconds(60)).forEach((status, count) -> statuses.merge(status, count, Integer::sum));
            }
            System.out.println("SlowReadersIT: the slow readers' answers by status: " + statuses);
            assertThat(statuses.keySet()).as("the slow readers' answers by status (503: refused by the write budget); the service's log:%n%s",
                    service.log()).isSubsetOf(200, 503);
            millis.addAll(SlowReaders.timeUntilTheBudgetRefuses(service, cachedRequest));
            assertThat(service.alive()).as("the service is still running; its log:\n%s", service.log()).isTrue();
            System.out.println("SlowReadersIT under " + READERS + " slow readers: " + SlowReaders.memory(service));
            assertThat(SlowReaders.budgetHasRefused(service)).as("the write budget refused an answer").isTrue();
        } finally {
            rounds.forEach(SlowReaders::close);
        }
        SlowReaders.assertNotHeldUp("cached /doi/manuscript", unloaded, millis);
    }

    /** A journal article's work grown to 1.87 MB by 9,000 references (lists are cut at 10,000), under the 2 MB cap. */
    private static String largeWork(String doi) {
        ObjectNode work = (ObjectNode) Fixtures.parse(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
        ArrayNode references = ((ObjectNode) work.get("message")).putArray("reference");
        String cited = "A. Author, B. Author, C. Author, A cited article on the deposit of accepted manuscripts in"
                + " institutional repositories and its costs, Journal of Examples 12 (2001) 34-56.";
        for (int n = 0; n < 9_000; n++) {
            references.addObject().put("key", "ref" + n).put("unstructured", cited);
        }
        return work.toString();
    }
}
