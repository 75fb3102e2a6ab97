package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.submission.platform.testing.InventedMethods;
import org.submission.platform.testing.LoopbackClient;
import org.submission.platform.testing.RelativeLatency;
import org.submission.platform.testing.RelativeLatency.Times;
import org.submission.platform.testing.SlowReaders;

/**
 * Every hostile input of the second hostile review (docs/architecture.md, "What every endpoint shares"), in combination, sent to
 * the three real services at once (their packaged jars with the images' options, as
 * {@code ./run.sh} starts them): no answer is a 500, every error a service writes is JSON, no
 * service process ends, and a cached request on each keeps answering meanwhile, not held up by the
 * attack: in either wave, within its bounds relative to the same request just before it ({@link RelativeLatency}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileFuzzTest {

    private static final String DOI = "10.4137/CMC.S38446";
    private static final Map<String, String> CACHED = Map.of(
            "schema-service", "/schemaservice?entityIds=10",
            "policy-service", "/policy/policies?submission=60",
            "doi-service", "/doi/manuscript?doi=" + DOI);

    /** The reported blob (979 KB, 90,000 unknown keys), refused as too large, and the largest the service validates. */
    private static final String REPORTED_BLOB = unknownKeys(90_000);
    private static final String LARGEST_ACCEPTED_BLOB = unknownKeys(19_999);

    /** A person named by the trusted proxy (its secret set for this module's tests in its pom): a caller besides the backend account. */
    private static final String FLOODER = "flooder@example.edu";
    private static final String PROXY_SECRET = System.getenv("SUBMISSION_PROXY_SECRET");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WATCH_PAUSE = Duration.ofMillis(20);
    /** What a file name may not hold: a path separator, markup, a control character. */
    private static final Pattern UNSAFE_NAME = Pattern.compile("[/\\\\<>\\p{Cntrl}]");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    private ReplicatedStack stack;
    private String authorization;

    @BeforeAll
    void startTheServices() throws Exception {
        assertThat(PROXY_SECRET).as("SUBMISSION_PROXY_SECRET, which the module's pom sets for its tests").isNotBlank();
        stack = ReplicatedStack.start(1);
        authorization = "Basic " + Base64.getEncoder().encodeToString(
                (stack.backendUser() + ":" + stack.backendPassword()).getBytes(StandardCharsets.UTF_8));
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void hostileInputsToAllThreeServicesAtOnceLeaveEveryServiceUpAnsweringInJson() throws Exception {
        Map<String, Long> pids = new HashMap<>();
        Map<String, HttpClient> watchers = warmedWatchers();
        Map<String, Times> unloaded = new HashMap<>();
        for (String service : CACHED.keySet()) {
            pids.put(service, replica(service).process().pid());
            HttpClient watcher = watchers.get(service);
            unloaded.put(service, RelativeLatency.measure(50, WATCH_PAUSE, () -> cachedRequest(service, watcher)));
        }

        Map<String, Times> firstWave = attack(0, watchers);
        Map<String, Times> secondWave = attack(1, watchers);

        assertThat(problems).isEmpty();
        assertThat(newDoiAnswered()).as("a new DOI after the attack, whatever the registry announced in it").isEqualTo(200);
        for (String service : CACHED.keySet()) {
            ServiceProcess replica = replica(service);
            assertThat(replica.process().isAlive()).as("%s still running", service).isTrue();
            assertThat(replica.process().pid()).as("%s not restarted", service).isEqualTo(pids.get(service));
            System.out.printf("%s cached request: before the attack %s; first wave %s; second wave %s%n", service,
                    unloaded.get(service), firstWave.get(service), secondWave.get(service));
            // in the first wave every JVM on this 2-core machine, the attacker's among them, also compiles the
            // paths the hostile inputs take (28 % of the CPU the wave used); a frozen event loop took seconds
            RelativeLatency.assertNotHeldUp(service + " cached request in the first wave", unloaded.get(service),
                    firstWave.get(service));
            RelativeLatency.assertNotHeldUp(service + " cached request in the second wave", unloaded.get(service),
                    secondWave.get(service));
        }
    }

    /**
     * The attacks on connections, against the three services at once: eight connections pipelining
     * 3,000 requests for a schema each and reading nothing, HTTP/2 with prior knowledge, 200 silent
     * connections to each, and one address opening 250 kept-alive connections. Each service stays
     * within its pod's memory limit (320 MiB) with its cached request answered throughout; the one
     * address holds no more than its 200 connections, and no silent connection outlives its deadline.
     */
    @Test
    void connectionAttacksLeaveEveryServiceWithinItsMemoryAndAnswering() throws Exception {
        Map<String, HttpClient> watchers = warmedWatchers();
        Map<String, Times> unloaded = new HashMap<>();
        for (String service : CACHED.keySet()) {
            HttpClient watcher = watchers.get(service);
            unloaded.put(service, RelativeLatency.measure(50, WATCH_PAUSE, () -> cachedRequest(service, watcher)));
        }
        Map<String, Long> largestRss = new java.util.concurrent.ConcurrentHashMap<>();
        AtomicBoolean hostile = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (ConnectionAttacks attacks = new ConnectionAttacks(problems)) {
            Map<String, Future<Times>> watching = new HashMap<>();
            for (String service : CACHED.keySet()) {
                watching.put(service, pool.submit(() -> watch(service, watchers.get(service), hostile)));
            }
            pool.submit(() -> {
                while (hostile.get()) {
                    CACHED.keySet().forEach(service -> largestRss.merge(service,
                            ConnectionAttacks.rssMib(replica(service).process().pid()), Math::max));
                    Thread.sleep(250);
                }
                return null;
            });
            int schema = replica("schema-service").spec().port();
            attacks.pipelineWithoutReading(schema, 8, 3_000, "GET /schemaservice?entityIds=11 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: " + authorization + "\r\n\r\n");
            for (String service : CACHED.keySet()) {
                attacks.http2PriorKnowledge(service, replica(service).spec().port());
                attacks.silentConnections(replica(service).spec().port(), 200, "127.0.0.9");
            }
            int refused = attacks.manyConnectionsFromOneAddress("schema-service", schema, 250, "127.0.0.8",
                    CACHED.get("schema-service"), "Authorization: " + authorization);
            // the attacks go on until the service has closed the silent connections (their head timeout)
            int silentLeft = attacks.stillOpen("127.0.0.9", Duration.ofSeconds(20));
            hostile.set(false);
            Map<String, Times> attacked = new HashMap<>();
            for (String service : CACHED.keySet()) {
                attacked.put(service, watching.get(service).get(1, TimeUnit.MINUTES));
                System.out.printf("%s under the connection attacks: largest RSS %d MiB; cached request before %s, during %s%n",
                        service, largestRss.get(service), unloaded.get(service), attacked.get(service));
            }

            assertThat(problems).isEmpty();
            assertThat(refused).as("connections past the one address's 200").isEqualTo(50);
            assertThat(silentLeft).as("silent connections still open").isZero();
            for (String service : CACHED.keySet()) {
                assertThat(replica(service).process().isAlive()).as("%s still running", service).isTrue();
                assertThat(largestRss.get(service)).as("%s largest RSS in MiB", service).isLessThan(320);
                RelativeLatency.assertNotHeldUp(service + " cached request under the connection attacks",
                        unloaded.get(service), attacked.get(service));
            }
        } finally {
            hostile.set(false);
            pool.shutdownNow();
        }
    }

    /** A warmed watcher of each service; each warms its own service, so the three warm at once. */
    private Map<String, HttpClient> warmedWatchers() throws Exception {
        ExecutorService warming = Executors.newFixedThreadPool(CACHED.size());
        try {
            Map<String, Future<HttpClient>> warmed = new HashMap<>();
            for (String service : CACHED.keySet()) {
                warmed.put(service, warming.submit(() -> warmedWatcher(service)));
            }
            Map<String, HttpClient> watchers = new HashMap<>();
            for (String service : CACHED.keySet()) {
                try {
                    watchers.put(service, warmed.get(service).get(5, TimeUnit.MINUTES));
                } catch (ExecutionException e) {
                    // the warm-up's own failure, as it would read had it run on this thread
                    if (e.getCause() instanceof Error failed) {
                        throw failed;
                    }
                    throw e.getCause() instanceof Exception failed ? failed : e;
                }
            }
            return watchers;
        } finally {
            warming.shutdownNow();
        }
    }

    /**
     * A client of its own for the service's cached request, as a person's browser is, connected and
     * warmed as a service in use is: with 20 requests the request's own path still ran interpreted,
     * and the median in the attack was 10-19 ms instead of 2-9.
     */
    private HttpClient warmedWatcher(String service) throws Exception {
        HttpClient watcher = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        for (int i = 0; i < 500; i++) {
            assertThat(send(watcher, replica(service), "GET", CACHED.get(service), null).statusCode())
                    .as("%s warm-up", service).isEqualTo(200);
        }
        return watcher;
    }

    /**
     * Every hostile input at once, the invented methods of wave {@code wave} (new names each
     * wave), while each watcher asks its service's cached request every 20 ms: the times it took.
     */
    private Map<String, Times> attack(int wave, Map<String, HttpClient> watchers) throws Exception {
        HostileUpstreamAnswers upstreams = HostileUpstreamAnswers.register(stack.offlineStub(), wave);
        ExecutorService pool = Executors.newFixedThreadPool(19);
        try {
            List<Future<?>> attacks = new ArrayList<>();
            for (String service : CACHED.keySet()) {
                attacks.add(pool.submit(() -> inventedMethods(service, wave)));
            }
            for (int i = 0; i < 8; i++) {
                String blob = i % 2 == 0 ? REPORTED_BLOB : LARGEST_ACCEPTED_BLOB;
                attacks.add(pool.submit(() -> worstCaseValidation(blob)));
            }
            HttpClient flooderConnections = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            for (int i = 0; i < 3; i++) {
                attacks.add(pool.submit(() -> floodingCaller(flooderConnections)));
            }
            attacks.add(pool.submit(this::malformedAndOddRequests));
            attacks.add(pool.submit(() -> floodOfNewDois(wave)));
            attacks.add(pool.submit(this::passwordGuesses));
            attacks.add(pool.submit(() -> hostileUpstreamAnswers(upstreams)));
            CountDownLatch othersDone = new CountDownLatch(1);
            Future<?> slowReaders = pool.submit(() -> slowReadersOfLargeAnswers(upstreams, othersDone));
            AtomicBoolean hostile = new AtomicBoolean(true);
            Map<String, Future<Times>> watching = new HashMap<>();
            for (String service : CACHED.keySet()) {
                watching.put(service, pool.submit(() -> watch(service, watchers.get(service), hostile)));
            }
            for (Future<?> attack : attacks) {
                attack.get(5, TimeUnit.MINUTES);
            }
            othersDone.countDown();
            slowReaders.get(5, TimeUnit.MINUTES);
            hostile.set(false);
            Map<String, Times> times = new HashMap<>();
            for (String service : CACHED.keySet()) {
                times.put(service, watching.get(service).get(1, TimeUnit.MINUTES));
            }
            return times;
        } finally {
            pool.shutdownNow();
        }
    }

    private Times watch(String service, HttpClient watcher, AtomicBoolean hostile) throws Exception {
        return RelativeLatency.measureWhile(hostile::get, 1, WATCH_PAUSE, () -> cachedRequest(service, watcher));
    }

    private Void cachedRequest(String service, HttpClient watcher) throws Exception {
        HttpResponse<String> answer = send(watcher, replica(service), "GET", CACHED.get(service), null);
        if (answer.statusCode() != 200) {
            problems.add(service + " cached request: " + answer.statusCode() + " " + answer.body());
        }
        return null;
    }

    /**
     * The invented-methods attack, as its own tests send it (InventedMethods): on a raw keep-alive connection, so that the
     * attacker's CPU goes to the services. Sent through the JDK's HTTP client, mostly these 900
     * requests, the test's JVM used 40-50 % of the machine's two cores during the attack.
     */
    private Void inventedMethods(String service, int wave) throws Exception {
        InventedMethods.send(replica(service).spec().port(), wave * 300, wave * 300 + 300);
        return null;
    }

    private Void worstCaseValidation(String blob) throws Exception {
        check("schema-service", "worst-case blob", send(replica("schema-service"), "POST",
                "/schemaservice/validate?entityIds=10,11,12", blob));
        return null;
    }

    /**
     * Another caller posting the largest accepted blob on three connections: each caller holds at most
     * its share of the validation slots, so whatever the backend account sends meanwhile, this one is
     * refused for its own excess (429), never because the slots ran out (503).
     */
    private Void floodingCaller(HttpClient connections) throws Exception {
        for (int i = 0; i < 4; i++) {
            HttpRequest request = request(replica("schema-service"), "POST", "/schemaservice/validate?entityIds=10,11,12",
                    LARGEST_ACCEPTED_BLOB).header("X-Proxy-Secret", PROXY_SECRET).header("Eppn", FLOODER).build();
            HttpResponse<String> answer = connections.send(request, HttpResponse.BodyHandlers.ofString());
            check("schema-service", "flooding caller's blob", answer);
            if (answer.statusCode() != 200 && answer.statusCode() != 429) {
                problems.add("schema-service flooding caller's blob: " + answer.statusCode() + " " + answer.body());
            }
        }
        return null;
    }

    /** A blob of {@code count} keys no schema knows: every one fails each of the three schemas once. */
    private static String unknownKeys(int count) {
        StringBuilder blob = new StringBuilder("{");
        for (int i = 0; i < count; i++) {
            blob.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":1");
        }
        return blob.append('}').toString();
    }

    private Void malformedAndOddRequests() throws Exception {
        for (String service : CACHED.keySet()) {
            ServiceProcess replica = replica(service);
            rawCheck(service, replica, "GET /schemaservice?entityIds=%ZZ HTTP/1.1\r\n" + auth() + "\r\n", true);
            rawCheck(service, replica, "GET /doi/journal?doi=10.1/x HTTP/1.1\r\nAuthorization: Basic eDp5\r\n" + auth() + "\r\n", true);
            rawCheck(service, replica, "GET /" + "a".repeat(9_000) + " HTTP/1.1\r\n" + auth() + "\r\n", false);
        }
        for (String doi : List.of("10.1234/\u212Aelvin", "10.1234/a;b", "10.1234/%00x", "10.1234/" + "z".repeat(3_000),
                "10.1234/%3Cimg%20src=x%3E")) {
            check("doi-service", "odd DOI", send(replica("doi-service"), "GET", "/doi/journal?doi=" + encode(doi), null));
            check("doi-service", "odd DOI", send(replica("doi-service"), "GET", "/doi/manuscript?doi=" + encode(doi), null));
        }
        for (String id : List.of("61;62", "-1", "99999999999999999999", "abc", "")) {
            check("policy-service", "odd submission", send(replica("policy-service"), "GET", "/policy/repositories?submission=" + encode(id), null));
        }
        check("schema-service", "deep blob", send(replica("schema-service"), "POST", "/schemaservice/validate?entityIds=10",
                "[".repeat(5_000) + "]".repeat(5_000)));
        return null;
    }

    /**
     * The DOI lookups whose upstream answers are hostile, several at once as the event loops would
     * meet them; a manuscript's label and file name reach a page and a file system, so neither may
     * carry markup or a path.
     */
    private Void hostileUpstreamAnswers(HostileUpstreamAnswers upstreams) throws Exception {
        ServiceProcess doi = replica("doi-service");
        List<Future<?>> lookups = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            for (String work : upstreams.works()) {
                lookups.add(clients.submit(() -> {
                    check("doi-service", "hostile registry answer", send(doi, "GET", "/doi/journal?doi=" + encode(work), null));
                    return null;
                }));
            }
            for (String lookup : upstreams.lookups()) {
                lookups.add(clients.submit(() -> {
                    HttpResponse<String> answer = send(doi, "GET", "/doi/manuscript?doi=" + encode(lookup), null);
                    check("doi-service", "hostile lookup answer", answer);
                    if (answer.statusCode() == 200) {
                        for (JsonNode copy : JSON.readTree(answer.body()).path("manuscripts")) {
                            String label = copy.path("repositoryLabel").asText();
                            if (label.contains("<") || label.contains(">") || UNSAFE_NAME.matcher(copy.path("name").asText()).find()) {
                                problems.add("doi-service manuscript with markup or a path: " + copy);
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> lookup : lookups) {
                lookup.get(2, TimeUnit.MINUTES);
            }
        } finally {
            clients.shutdownNow();
        }
        return null;
    }

    /**
     * Ten clients that ask for the largest registry work (20,000 authors) and never read it, until the
     * wave's other attacks are done ({@code othersDone}; 20 s at most): their answers wait in the
     * service, within its write budget, while everything else goes on.
     * A hundred (SlowReadersIT, each service) fill the budget and are refused past it; here every
     * refused answer would first be written whole, and the young collections of 100 such answers
     * (about 200 MB) put the DOI service's slowest cached request at 105 ms in the second wave.
     */
    private Void slowReadersOfLargeAnswers(HostileUpstreamAnswers upstreams, CountDownLatch othersDone) throws Exception {
        String large = upstreams.works().stream().filter(work -> work.endsWith("authors")).findFirst().orElseThrow();
        check("doi-service", "the largest work", send(replica("doi-service"), "GET", "/doi/journal?doi=" + encode(large), null));
        try (SlowReaders readers = SlowReaders.open(replica("doi-service").spec().port(), authorization, 10,
                i -> "/doi/journal?doi=" + encode(large))) {
            othersDone.await(20, TimeUnit.SECONDS);
        }
        return null;
    }

    /**
     * One caller's flood of DOIs no cache holds (the registry does not know them), each abandoned after
     * 0.3 s: its share of lookups under way on the pod (429 past it) keeps it from booking every turn
     * under the registry's rate. What the flood gets in time is one of a lookup's answers: the registry's
     * 404, the caller's 429, the rate's 503; never anything else.
     */
    private Void floodOfNewDois(int wave) throws Exception {
        ServiceProcess doi = replica("doi-service");
        Map<String, Integer> outcomes = new TreeMap<>();
        for (int i = 0; i < 60; i++) {
            String outcome;
            try (Socket client = new Socket("127.0.0.1", doi.spec().port())) {
                client.setSoTimeout(300);
                client.getOutputStream().write(("GET /doi/journal?doi=" + encode("10.9999/flood-" + wave + "-" + i) + " HTTP/1.1\r\n"
                        + auth() + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                String status = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.ISO_8859_1)).readLine();
                outcome = status == null ? "closed" : status.replaceFirst("^HTTP/1\\.1 (\\d+).*", "$1");
            } catch (java.net.SocketTimeoutException abandoned) {
                // the flood's clients leave, as the review's did
                outcome = "abandoned";
            }
            outcomes.merge(outcome, 1, Integer::sum);
            Thread.sleep(50);
        }
        System.out.printf("doi-service flood of new DOIs, wave %d: %s%n", wave, outcomes);
        if (!List.of("404", "429", "503", "abandoned").containsAll(outcomes.keySet())) {
            problems.add("doi-service flood of new DOIs answered " + outcomes);
        }
        return null;
    }

    /**
     * Wrong backend passwords from another loopback address, 100 to each service on one keep-alive
     * connection: after five checked (401) they are refused (429) without being checked, and nobody
     * else is. A penalty may end within the hundred on a busy machine; the next five wrong ones start another.
     */
    private Void passwordGuesses() {
        for (String service : CACHED.keySet()) {
            List<Integer> statuses = new ArrayList<>();
            try (LoopbackClient guesser = new LoopbackClient("127.0.0.2", replica(service).spec().port())) {
                for (int i = 0; i < 100; i++) {
                    LoopbackClient.Answer answer = guesser.get(CACHED.get(service), "Authorization: Basic "
                            + Base64.getEncoder().encodeToString(("backend:guess-" + i).getBytes(StandardCharsets.UTF_8)));
                    statuses.add(answer.status());
                    if (!answer.headers().getOrDefault("content-type", "").startsWith("application/json")) {
                        problems.add(service + " wrong password answered " + answer.status() + " " + answer.headers());
                    }
                }
            }
            String run = statuses.stream().map(status -> status == 401 ? "c" : status == 429 ? "r" : "?").collect(Collectors.joining());
            if (run.contains("?") || !run.contains("r") || run.contains("cccccc")) {
                problems.add(service + " wrong passwords: not five checked (401) then refused (429): " + statuses);
            }
        }
        return null;
    }

    /** A DOI no cache holds, asked until the registry's rate lets it through (the longest spacing is 2 s). */
    private int newDoiAnswered() throws Exception {
        String doi = HostileUpstreamAnswers.plain(stack.offlineStub(), "10.9999/after-the-attack");
        HttpResponse<String> answer = send(replica("doi-service"), "GET", "/doi/journal?doi=" + encode(doi), null);
        for (int i = 0; i < 20 && answer.statusCode() == 503; i++) {
            Thread.sleep(500);
            answer = send(replica("doi-service"), "GET", "/doi/journal?doi=" + encode(doi), null);
        }
        return answer.statusCode();
    }

    private static String encode(String value) {
        return java.net.URLEncoder.encode(value, StandardCharsets.UTF_8).replace("%25", "%");
    }

    private String auth() {
        return "Host: 127.0.0.1\r\nAuthorization: " + authorization + "\r\nCookie: XSRF-TOKEN=t\r\nX-XSRF-TOKEN: t\r\nConnection: close\r\n";
    }

    /** A 502 is the DOI service's answer to an upstream answer it cannot use (a 500 would be its own fault). */
    private void check(String service, String what, HttpResponse<String> answer) {
        if (answer.statusCode() >= 500 && answer.statusCode() != 501 && answer.statusCode() != 502 && answer.statusCode() != 503) {
            problems.add(service + " " + what + ": " + answer.statusCode() + " " + answer.body());
        }
        if (answer.statusCode() >= 400 && !answer.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
            problems.add(service + " " + what + ": " + answer.statusCode() + " not JSON");
        }
    }

    /** A request the HTTP client cannot send: a malformed escape, a repeated header, an overlong request line. */
    private void rawCheck(String service, ServiceProcess replica, String request, boolean json) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", replica.spec().port())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            String status = answer.isEmpty() ? "" : answer.substring(0, answer.indexOf('\r') < 0 ? answer.length() : answer.indexOf('\r'));
            if (!status.matches("HTTP/1\\.[01] 4\\d\\d .*")) {
                problems.add(service + " raw request answered: " + status);
            } else if (json && !answer.toLowerCase().contains("content-type: application/json")) {
                problems.add(service + " raw request not JSON: " + status);
            }
        }
    }

    private ServiceProcess replica(String service) {
        return stack.replicas(service).get(0);
    }

    private HttpResponse<String> send(ServiceProcess replica, String method, String path, String body) throws Exception {
        return send(http, replica, method, path, body);
    }

    private HttpResponse<String> send(HttpClient client, ServiceProcess replica, String method, String path, String body)
            throws Exception {
        return client.send(request(replica, method, path, body).header("Authorization", authorization).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A request with the XSRF double submit and no credentials yet. */
    private static HttpRequest.Builder request(ServiceProcess replica, String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + replica.spec().port() + path))
                .timeout(Duration.ofSeconds(60)).header("Cookie", "XSRF-TOKEN=t").header("X-XSRF-TOKEN", "t")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return request;
    }
}
