package org.submission.doi.support;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.Extension;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;

/**
 * Two packaged instances of the service on one fresh database, as two pods are, with one WireMock
 * upstream for both: started before a test class's tests, stopped after them.
 */
public final class TwoInstances implements BeforeAllCallback, AfterAllCallback {

    public static final Duration START = Duration.ofSeconds(120);

    private final Map<String, String> settings;
    private final WireMockServer upstream;
    private FreshDatabase database;
    private PackagedService first;
    private PackagedService second;

    /** {@code settings}: the environment both instances get besides the database and the upstream. */
    public TwoInstances(Map<String, String> settings) {
        this(settings, new Extension[0]);
    }

    /** {@code extensions}: WireMock extensions of the upstream (one that watches the calls, say). */
    public TwoInstances(Map<String, String> settings, Extension... extensions) {
        this.settings = Map.copyOf(settings);
        this.upstream = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort()
                .containerThreads(60).asynchronousResponseEnabled(true).asynchronousResponseThreads(20).extensions(extensions));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        upstream.start();
        database = FreshDatabase.create();
        first = PackagedService.start(settings());
        second = PackagedService.start(settings());
        first.awaitReady(START);
        second.awaitReady(START);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        for (PackagedService service : new PackagedService[] {first, second}) {
            if (service != null) {
                service.close();
            }
        }
        upstream.stop();
    }

    /** What an instance of this pair is started with: for a third one, say. */
    public Map<String, String> settings() {
        Map<String, String> all = new HashMap<>(database.settings());
        all.putAll(WireMockUpstreams.environment(upstream));
        all.putAll(settings);
        return all;
    }

    public WireMockServer upstream() {
        return upstream;
    }

    public FreshDatabase database() {
        return database;
    }

    public PackagedService first() {
        return first;
    }

    public PackagedService second() {
        return second;
    }
}
