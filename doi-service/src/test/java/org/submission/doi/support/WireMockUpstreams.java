package org.submission.doi.support;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Map;

/**
 * One WireMock on loopback standing in for both upstreams: the registry under {@code /works/}
 * (base URI with a trailing slash) and the lookup service under {@code /v2} (without one).
 */
public class WireMockUpstreams implements QuarkusTestResourceLifecycleManager {

    public static final String REGISTRY_PATH = "/works/";
    public static final String LOOKUP_PATH = "/v2/";

    /** Marks the test fields that receive the running server and its {@link HeldAnswers}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.FIELD)
    public @interface Server {
    }

    private WireMockServer server;
    private final HeldAnswers held = new HeldAnswers();

    @Override
    public Map<String, String> start() {
        server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort()
                .containerThreads(40).asynchronousResponseEnabled(true).asynchronousResponseThreads(20).extensions(held));
        server.start();
        String base = "http://127.0.0.1:" + server.port();
        return Map.of("doi.registry.base-uri", base + REGISTRY_PATH,
                "doi.oa-lookup.base-uri", base + "/v2");
    }

    /**
     * The environment that points a {@link org.submission.platform.testing.PackagedService} at
     * {@code server} as both upstreams, with the contact address the lookup service needs.
     */
    public static Map<String, String> environment(WireMockServer server) {
        String base = "http://127.0.0.1:" + server.port();
        return Map.of("REGISTRY_BASEURI", base + REGISTRY_PATH, "OALOOKUP_BASEURI", base + "/v2",
                "DOI_SERVICE_MAILTO", "pass-test@example.org");
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(server, new TestInjector.AnnotatedAndMatchesType(Server.class, WireMockServer.class));
        injector.injectIntoFields(held, new TestInjector.AnnotatedAndMatchesType(Server.class, HeldAnswers.class));
    }

    @Override
    public void stop() {
        held.release();
        if (server != null) {
            server.stop();
        }
    }
}
