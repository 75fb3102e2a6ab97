package org.submission.deploy.images;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.submission.deploy.gateway.RouteTable;
import org.submission.deploy.testing.FrontDoorClient;
import org.submission.deploy.testing.TwoReplicasBehindTheGateway;

/**
 * Two containers of each image, with the pods' restrictions, on one PostgreSQL behind the
 * launcher's gateway ({@link ReplicatedContainers}): the request suite of
 * {@link TwoReplicasBehindTheGateway} (the one {@code ReplicasTest} runs on processes), each
 * replica's share read from its own {@code /q/metrics}, a replica stopped as the kubelet stops one;
 * and the DOI service's one upstream call per DOI across its two containers
 * (doi-service/README.md, "Across pods").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicatedContainersTest implements TwoReplicasBehindTheGateway {

    private final HttpClient http = HttpClient.newHttpClient();
    private ReplicatedContainers containers;
    private FrontDoorClient client;

    @BeforeAll
    void startTwoContainersOfEachImageBehindTheGateway() throws Exception {
        containers = ReplicatedContainers.start();
        client = new FrontDoorClient(containers.gateway().baseUri(), ServiceContainer.BACKEND_USER, ServiceContainer.BACKEND_PASSWORD);
    }

    @AfterAll
    void removeContainers() {
        if (containers != null) {
            containers.close();
        }
    }

    @Override
    public FrontDoorClient client() {
        return client;
    }

    @Override
    public URI replica(String service, int index) {
        return containers.of(service).get(index).uri("");
    }

    @Override
    public void stopReplica(String service, int index) {
        containers.of(service).get(index).terminate(30);
    }

    @Test
    void eightConcurrentJournalLookupsOfOneDoiOverBothDoiContainersMakeOneRegistryCall() {
        String doi = "10.5555/replicas." + UUID.randomUUID().toString().substring(0, 8);
        containers.upstream().stubFor(get(urlPathEqualTo("/registry/works/" + doi)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withFixedDelay(2_000)
                .withBody("{\"status\":\"ok\",\"message\":{\"DOI\":\"" + doi + "\",\"type\":\"journal-article\","
                        + "\"container-title\":[\"Journal of Replicated Answers\"],\"ISSN\":[\"2049-3630\"]}}")));

        List<HttpResponse<String>> answers = overBothDoiContainers("/doi/journal?doi=" + doi);

        assertThat(answers).extracting(HttpResponse::statusCode).as("the same DOI in flight on either container: 429")
                .containsOnly(200, 429).filteredOn(status -> status == 200).hasSize(1);
        assertThat(containers.upstream().findAll(getRequestedFor(urlPathEqualTo("/registry/works/" + doi)))).hasSize(1);
    }

    @Test
    void eightConcurrentManuscriptLookupsOfOneDoiOverBothDoiContainersShareOneLookupCall() {
        String doi = "10.5555/replicas." + UUID.randomUUID().toString().substring(0, 8);
        containers.upstream().stubFor(get(urlPathEqualTo("/oalookup/v2/" + doi)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withFixedDelay(1_500)
                .withBodyFile("oalookup-10.4137_cmc.s38446.json")));

        List<HttpResponse<String>> answers = overBothDoiContainers("/doi/manuscript?doi=" + doi);

        assertThat(answers).extracting(HttpResponse::statusCode).containsOnly(200);
        assertThat(answers).extracting(HttpResponse::body).containsOnly(answers.get(0).body());
        assertThat(containers.upstream().findAll(getRequestedFor(urlPathEqualTo("/oalookup/v2/" + doi)))).hasSize(1);
    }

    /** Eight requests at once, sent to the two DOI containers in turn (on their own ports, not through the gateway). */
    private List<HttpResponse<String>> overBothDoiContainers(String pathAndQuery) {
        List<ServiceContainer> doi = containers.of(RouteTable.DOI);
        List<CompletableFuture<HttpResponse<String>>> sent = IntStream.range(0, 8).mapToObj(i -> http.sendAsync(
                Load.backend(doi.get(i % 2).uri(pathAndQuery)).build(), HttpResponse.BodyHandlers.ofString())).toList();
        return sent.stream().map(CompletableFuture::join).toList();
    }
}
