package org.submission.deploy.images;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.submission.deploy.gateway.Gateway;
import org.submission.deploy.gateway.RouteTable;
import org.submission.localpostgres.LocalPostgres;

/**
 * Two containers of each service's image, run through Testcontainers as the pods run them ({@link ServiceContainer}), on
 * one PostgreSQL, behind the launcher's gateway: the front door of a cluster with two replicas
 * per Deployment. The DOI upstreams are a WireMock server on loopback with the files of the
 * launcher's offline stub ({@code offline/} on the class path) and a request journal, so that
 * tests can add their own answers and count calls. The six containers start and get ready together.
 */
final class ReplicatedContainers implements AutoCloseable {

    private final WireMockServer upstream = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort()
            .usingFilesUnderClasspath("offline").asynchronousResponseEnabled(true));
    private final Map<String, List<ServiceContainer>> replicas = new ConcurrentHashMap<>();
    private Gateway gateway;

    private ReplicatedContainers() {
    }

    static ReplicatedContainers start() throws Exception {
        ReplicatedContainers started = new ReplicatedContainers();
        try {
            started.startAll();
            return started;
        } catch (Exception | AssertionError e) {
            started.close();
            throw e;
        }
    }

    private void startAll() throws Exception {
        upstream.start();
        List<ServiceImage> images = ServiceImage.all(ServiceImage.SERVICES);
        ExecutorService starter = Executors.newFixedThreadPool(2 * images.size());
        List<CompletableFuture<ServiceContainer>> starting = new ArrayList<>();
        for (ServiceImage image : images) {
            for (int i = 0; i < 2; i++) {
                starting.add(CompletableFuture.supplyAsync(() -> ServiceContainer.start(image, environment(image.service())), starter)
                        .whenComplete((container, failed) -> {
                            if (container != null) {
                                added(image.service(), container);
                            }
                        }));
            }
        }
        starter.shutdown();
        CompletableFuture.allOf(starting.toArray(CompletableFuture[]::new)).join();
        Map<String, List<URI>> targets = new HashMap<>();
        replicas.forEach((service, containers) -> targets.put(service, containers.stream().map(c -> c.uri("")).toList()));
        gateway = Gateway.start("127.0.0.1", 0, RouteTable.ofReplicas(targets));
    }

    private synchronized void added(String service, ServiceContainer container) {
        replicas.computeIfAbsent(service, s -> new ArrayList<>()).add(container);
    }

    /**
     * The shared database (migrations and demo data applied by whichever replica gets there first),
     * each service's settings, and the manifests' shutdown delay (deploy/k8s/base/config.env), which
     * keeps a stopped replica serving until the gateway has taken it out of the turn.
     */
    private Map<String, String> environment(String service) {
        Map<String, String> env = new HashMap<>(Map.of("SUBMISSION_DB_URL", LocalPostgres.sharedUrl(), "SUBMISSION_SEED_DEMO", "true",
                "QUARKUS_SHUTDOWN_DELAY", "5S"));
        if (service.equals(RouteTable.POLICY)) {
            env.putAll(PolicyServiceImageTest.INSTITUTION);
        } else if (service.equals(RouteTable.DOI)) {
            env.putAll(Map.of("REGISTRY_BASEURI", upstream.baseUrl() + "/registry/works/",
                    "OALOOKUP_BASEURI", upstream.baseUrl() + "/oalookup/v2/", "DOI_SERVICE_MAILTO", "container-test@example.org"));
        }
        return env;
    }

    /** The DOI upstreams (registry below {@code /registry/works/}, open-access lookup below {@code /oalookup/v2/}). */
    WireMockServer upstream() {
        return upstream;
    }

    Gateway gateway() {
        return gateway;
    }

    /** The two containers of a service. */
    List<ServiceContainer> of(String service) {
        return replicas.get(service);
    }

    @Override
    public void close() {
        if (gateway != null) {
            gateway.close();
        }
        replicas.values().stream().flatMap(List::stream).parallel().forEach(ServiceContainer::close);
        upstream.stop();
    }
}
