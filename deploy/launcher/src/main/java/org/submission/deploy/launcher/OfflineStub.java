package org.submission.deploy.launcher;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Stands in for the public scholarly-metadata registry and open-access lookup service with
 * recorded answers for the demo DOIs, so that {@code ./run.sh --offline} works without internet:
 * a WireMock server on loopback whose mapping and body files are the resources under
 * {@code offline/} ({@code mappings/}, {@code __files/}). The DOI service is pointed at it through
 * {@code REGISTRY_BASEURI} and {@code OALOOKUP_BASEURI}.
 */
public final class OfflineStub implements AutoCloseable {

    /** The DOIs with recorded answers. */
    public static final List<String> DEMO_DOIS = List.of("10.4137/CMC.S38446", "10.5555/demo.2024.0001", "10.5555/demo.accepted");

    private final WireMockServer server;

    private OfflineStub(WireMockServer server) {
        this.server = server;
    }

    /** Starts on a free port of the loopback interface. */
    public static OfflineStub start() {
        WireMockServer server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort()
                .usingFilesUnderClasspath("offline").containerThreads(8).jettyAcceptors(1).disableRequestJournal());
        server.start();
        return new OfflineStub(server);
    }

    public URI registryBase() {
        return URI.create(server.baseUrl() + "/registry/works/");
    }

    public URI lookupBase() {
        return URI.create(server.baseUrl() + "/oalookup/v2/");
    }

    /** Answers {@code body} for the registry work {@code doi} from now on: for tests of what an upstream may send. */
    void answerWork(String doi, String body) {
        answer("/registry/works/", doi, body);
    }

    /**
     * Answers {@code body} for the registry work {@code doi} from now on, announcing {@code limit}
     * calls per {@code interval} as the registry's rate headers: for tests of what an upstream may announce.
     */
    void announceWork(String doi, String body, String limit, String interval) {
        server.stubFor(get(urlPathMatching(pathOf("/registry/works/", doi))).atPriority(1).willReturn(okJson(body)
                .withHeader("X-Rate-Limit-Limit", limit).withHeader("X-Rate-Limit-Interval", interval)));
    }

    /** Answers {@code body} for the open-access lookup of {@code doi} from now on. */
    void answerLookup(String doi, String body) {
        answer("/oalookup/v2/", doi, body);
    }

    /** Answers the registry work {@code doi} with a bare {@code status} and {@code Retry-After} (if not null): a failing or pausing upstream. */
    void failWork(String doi, int status, String retryAfter) {
        ResponseDefinitionBuilder answer = aResponse().withStatus(status);
        server.stubFor(get(urlPathMatching(pathOf("/registry/works/", doi))).atPriority(1)
                .willReturn(retryAfter == null ? answer : answer.withHeader("Retry-After", retryAfter)));
    }

    private void answer(String base, String doi, String body) {
        server.stubFor(get(urlPathMatching(pathOf(base, doi))).atPriority(1).willReturn(okJson(body)));
    }

    private static String pathOf(String base, String doi) {
        return "(?i)" + Pattern.quote(base) + Arrays.stream(doi.split("/", -1)).map(Pattern::quote)
                .collect(Collectors.joining("(/|%2f)"));
    }

    @Override
    public void close() {
        server.stop();
    }
}
