package org.submission.doi;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.TwoInstances;
import org.submission.doi.support.Upstreams;
import org.submission.platform.testing.PackagedService;
import org.submission.platform.testing.Requests;

/**
 * Two packaged instances on one database, with the bounds on what an upstream may announce set
 * small: whatever the rate and Retry-After headers say, lookups of new DOIs answer 200 within those
 * bounds and no coordination statement fails; one caller's flood of new DOIs on one instance leaves
 * another caller's lookups on the other answered (doi-service/README.md, "Across pods"). Its own launcher,
 * not Quarkus', which runs one instance.
 */
class SharedTurnsIT {

    private static final Duration MAX_PAUSE = Duration.ofSeconds(3);
    private static final Duration MAX_SPACING = Duration.ofMillis(300);
    /** What a loaded machine adds to a lookup answered at once: two statements, a call, find-or-create. */
    private static final Duration SLACK = Duration.ofSeconds(2);

    @RegisterExtension
    static final TwoInstances pods = new TwoInstances(Map.of("DOI_UPSTREAM_MAX_PAUSE", MAX_PAUSE.toMillis() + "ms",
            "DOI_UPSTREAM_MAX_SPACING", MAX_SPACING.toMillis() + "ms",
            "DOI_UPSTREAM_DEFAULT_RATE", "10", "SUBMISSION_PROXY_AUTH", "true", "SUBMISSION_PROXY_SECRET", Requests.PROXY_SECRET));

    private final ExecutorService clients = Executors.newFixedThreadPool(24);

    @BeforeEach
    void freshUpstream() {
        pods.upstream().resetAll();
        pods.database().execute(FreshUpstreams.FORGET_COORDINATION);
    }

    @Test
    void whateverTheUpstreamAnnouncesNewDoisAreAnsweredWithinTheBoundsAndNoStatementFails() {
        List<String[]> announcements = new ArrayList<>(List.of(
                new String[] {"1", "1000000000s", null}, new String[] {"1", "9223372036854775807ms", null},
                new String[] {"1", "1h", null}, new String[] {"-1", "-1s", null}, new String[] {"0", "0", null},
                new String[] {"x", "soon", null}, new String[] {"99999999999999999999", "1s", null},
                new String[] {null, null, "1099999999"}, new String[] {null, null, "-5"}, new String[] {null, null, "soon"},
                new String[] {null, null, "99999999999999999999999999"}));
        Random random = new Random(42);
        for (int i = 0; i < 5; i++) {
            announcements.add(new String[] {garbage(random), garbage(random), random.nextBoolean() ? garbage(random) : null});
        }
        long failuresBefore = coordinationFailures();
        for (int i = 0; i < announcements.size(); i++) {
            String[] announced = announcements.get(i);
            String teaching = Fixtures.newDoi();
            ResponseDefinitionBuilder answer = announced[2] == null
                    ? Upstreams.json(Fixtures.work(teaching, ARTICLE_JOURNAL, "print:2049-3630"))
                    : aResponse().withStatus(429).withHeader("Retry-After", announced[2]);
            if (announced[0] != null) {
                answer.withHeader("X-Rate-Limit-Limit", announced[0]).withHeader("X-Rate-Limit-Interval", announced[1]);
            }
            Upstreams.answer(pods.upstream(), "journal", teaching, answer);
            Api.journal(i % 2 == 0 ? pods.first() : pods.second(), teaching);

            String fresh = Fixtures.newDoi();
            Upstreams.work(pods.upstream(), fresh, Fixtures.work(fresh, ARTICLE_JOURNAL, "print:2049-3630"));
            long start = System.nanoTime();
            Response later = untilAnswered(i % 2 == 0 ? pods.second() : pods.first(), fresh, MAX_PAUSE.plus(MAX_SPACING).plus(SLACK));
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(later.statusCode()).as("after %s", String.join(" | ", String.valueOf(announced[0]),
                    String.valueOf(announced[1]), String.valueOf(announced[2]))).isEqualTo(200);
            assertThat(took).isLessThanOrEqualTo(MAX_PAUSE.plus(MAX_SPACING).plus(SLACK));
        }
        assertThat(coordinationFailures()).isEqualTo(failuresBefore);
        assertThat(pods.first().log() + pods.second().log()).doesNotContain("out of range", "ERROR");
    }

    @Test
    void oneCallersFloodOnOneInstanceLeavesAnotherCallersLookupsOnTheOtherAnswered() throws Exception {
        // a pod's first lookup pays for its first statements, connections and classes (a second or
        // more), which is not what this measures
        String first = Fixtures.newDoi();
        Upstreams.work(pods.upstream(), first, Fixtures.work(first, ARTICLE_JOURNAL, "print:2049-3630"));
        assertThat(Api.journal(pods.second(), first).statusCode()).isEqualTo(200);
        AtomicBoolean flooding = new AtomicBoolean(true);
        CompletableFuture<Void> flood = CompletableFuture.runAsync(() -> {
            while (flooding.get()) {
                String doi = Fixtures.newDoi();
                Upstreams.work(pods.upstream(), doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
                CompletableFuture.runAsync(() -> abandoned(pods.first(), doi, Duration.ofMillis(300)), clients);
                sleep(50);
            }
        }, clients);
        try {
            sleep(1_000);
            for (int i = 0; i < 6; i++) {
                String doi = Fixtures.newDoi();
                Upstreams.work(pods.upstream(), doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
                long start = System.nanoTime();
                Response answer = Requests.withXsrf(Requests.as("victim")).baseUri("http://127.0.0.1").port(pods.second().port())
                        .queryParam("doi", doi).get("/doi/journal");
                Duration took = Duration.ofNanos(System.nanoTime() - start);
                System.out.printf("victim lookup %d: %d in %d ms%n", i, answer.statusCode(), took.toMillis());

                assertThat(answer.statusCode()).isEqualTo(200);
                assertThat(took).isLessThanOrEqualTo(Duration.ofSeconds(2));
                sleep(300);
            }
        } finally {
            flooding.set(false);
            flood.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void twentyNewDoisFromOneCallerAtOnceOnIdlePodsAllAnswerAtTheAnnouncedRateWithOneCallEach() throws Exception {
        int perSecond = 20;
        String teaching = Fixtures.newDoi();
        Upstreams.answer(pods.upstream(), "journal", teaching, announcing(teaching, perSecond));
        assertThat(Api.journal(pods.first(), teaching).statusCode()).isEqualTo(200);
        List<String> dois = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String doi = Fixtures.newDoi();
            Upstreams.answer(pods.upstream(), "journal", doi, announcing(doi, perSecond));
            dois.add(doi);
        }

        List<CompletableFuture<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < dois.size(); i++) {
            PackagedService pod = i % 2 == 0 ? pods.first() : pods.second();
            String doi = dois.get(i);
            // a 503 with Retry-After (a database busy on a loaded machine) is waited out, as a client does;
            // a 429, the caller's share refused, is not: on idle pods one caller may use them whole
            answers.add(CompletableFuture.supplyAsync(() -> untilAnswered(pod, doi, Duration.ofSeconds(30)).statusCode(), clients));
        }
        List<Integer> statuses = new ArrayList<>();
        for (CompletableFuture<Integer> answer : answers) {
            statuses.add(answer.get(60, TimeUnit.SECONDS));
        }

        assertThat(statuses).containsOnly(200);
        assertThat(dois).allSatisfy(doi -> assertThat(Upstreams.calls(pods.upstream(), "journal", doi)).as(doi).isEqualTo(1));
        List<Long> received = pods.upstream().getAllServeEvents().stream().map(event -> event.getRequest())
                .filter(request -> dois.stream().anyMatch(doi -> request.getUrl().contains(doi)))
                .map(request -> request.getLoggedDate().getTime()).sorted().toList();
        // the announced spacing, 50 ms, between each of the 20 calls; a late first receipt can only shorten the span
        assertThat(received.get(received.size() - 1) - received.get(0))
                .isGreaterThanOrEqualTo((received.size() - 1) * (1000L / perSecond) - 100);
    }

    private static ResponseDefinitionBuilder announcing(String doi, int perSecond) {
        return Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"))
                .withHeader("X-Rate-Limit-Limit", String.valueOf(perSecond)).withHeader("X-Rate-Limit-Interval", "1s");
    }

    @Test
    void anOperatorClearsWhatThePodsLearntByTruncatingTheUpstreamTable() {
        String limited = Fixtures.newDoi();
        Upstreams.answer(pods.upstream(), "journal", limited, aResponse().withStatus(429).withHeader("Retry-After", "3600"));
        Api.journal(pods.first(), limited);
        String fresh = Fixtures.newDoi();
        Upstreams.work(pods.upstream(), fresh, Fixtures.work(fresh, ARTICLE_JOURNAL, "print:2049-3630"));
        assertThat(Api.journal(pods.second(), fresh).statusCode()).as("paused on the other pod").isEqualTo(503);

        pods.database().execute("TRUNCATE doi_upstream");

        assertThat(Api.journal(pods.second(), fresh).statusCode()).isEqualTo(200);
    }

    private static Response untilAnswered(PackagedService service, String doi, Duration within) {
        long giveUp = System.nanoTime() + within.toNanos();
        Response answer = Api.journal(service, doi);
        while (answer.statusCode() == 503 && System.nanoTime() < giveUp) {
            System.out.println("SharedTurnsIT: waiting out 503 " + answer.asString());
            sleep(Math.min(1_000, Math.max(100, Long.parseLong(answer.header("Retry-After")) * 200)));
            answer = Api.journal(service, doi);
        }
        return answer;
    }

    private static long coordinationFailures() {
        return (long) (metric(pods.first()) + metric(pods.second()));
    }

    private static double metric(PackagedService service) {
        String metrics = service.request().get("/q/metrics").asString();
        return metrics.lines().filter(line -> line.startsWith("doi_coordination_failures_total"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    /** A request by the backend account that its client abandons after {@code patience}. */
    private static void abandoned(PackagedService service, String doi, Duration patience) {
        try (Socket client = new Socket("127.0.0.1", service.port())) {
            client.setSoTimeout((int) patience.toMillis());
            client.getOutputStream().write(("GET /doi/journal?doi=" + URLEncoder.encode(doi, StandardCharsets.UTF_8)
                    + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + Requests.backendAuthorization()
                    + "\r\nCookie: XSRF-TOKEN=" + Requests.XSRF + "\r\nX-XSRF-TOKEN: " + Requests.XSRF
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            client.getInputStream().read();
        } catch (java.net.SocketTimeoutException gaveUp) {
            // the client left, as the flood's do
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String garbage(Random random) {
        String[] parts = {"", "-", "0", "1", "9", "99999999999", "ms", "s", "m", "h", "d", " ", "e", ".", "\u00e9"};
        StringBuilder value = new StringBuilder();
        for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
            value.append(parts[random.nextInt(parts.length)]);
        }
        return value.toString();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
