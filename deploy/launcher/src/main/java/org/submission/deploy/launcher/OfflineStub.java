package org.submission.deploy.launcher;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.net.URI;
import java.util.List;

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

    /** Where it listens; WireMock's admin API under {@code __admin/} there takes answers for more DOIs. */
    public URI base() {
        return URI.create(server.baseUrl() + "/");
    }

    public URI registryBase() {
        return base().resolve("registry/works/");
    }

    public URI lookupBase() {
        return base().resolve("oalookup/v2/");
    }

    @Override
    public void close() {
        server.stop();
    }
}
