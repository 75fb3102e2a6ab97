package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The recorded answers the DOI service gets with --offline, at the addresses it asks. */
class OfflineStubTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static OfflineStub stub;

    @BeforeAll
    static void start() throws Exception {
        stub = OfflineStub.start();
    }

    @AfterAll
    static void stop() {
        stub.close();
    }

    static Iterable<String> demoDois() {
        return OfflineStub.DEMO_DOIS;
    }

    @ParameterizedTest
    @MethodSource("demoDois")
    void registryKnowsEveryDemoDoiWithAJournal(String doi) throws Exception {
        HttpResponse<String> answer = get(stub.registryBase() + doi);

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode message = JSON.readTree(answer.body()).get("message");
        assertThat(message.get("DOI").asText()).isEqualToIgnoringCase(doi);
        assertThat(message.get("container-title").get(0).asText()).isNotBlank();
        assertThat(message.get("issn-type")).isNotEmpty();
    }

    @Test
    void doiIsMatchedWhateverItsCaseAndEncoding() throws Exception {
        assertThat(get(stub.registryBase() + "10.4137%2Fcmc.s38446").statusCode()).isEqualTo(200);
    }

    @Test
    void lookupAnswersOpenCopiesWithTheServicesQueryParameter() throws Exception {
        HttpResponse<String> answer = get(stub.lookupBase() + "10.4137/CMC.S38446?email=demo@example.edu");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(answer.body()).get("oa_locations")).hasSize(3);
    }

    @ParameterizedTest
    @MethodSource("nihDemoDois")
    void lookupAnswersTheNihDemoSubmissionsCopyInPubMedCentralWithItsDates(String doi) throws Exception {
        HttpResponse<String> answer = get(stub.lookupBase() + doi + "?email=demo@example.edu");

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(answer.body());
        assertThat(body.get("published_date").asText()).matches("\\d{4}-\\d{2}-\\d{2}");
        JsonNode copy = body.get("oa_locations").get(0);
        assertThat(copy.get("url").asText()).startsWith("https://pmc.ncbi.nlm.nih.gov/");
        assertThat(copy.get("version").asText()).isEqualTo("acceptedVersion");
        assertThat(copy.get("oa_date").asText()).isGreaterThanOrEqualTo(body.get("published_date").asText());
    }

    /** The DOIs of the demo's submissions 63 and 64, which the demo's NIH rules give a policy each. */
    static Iterable<String> nihDemoDois() {
        return List.of("10.5555/demo.before", "10.5555/demo.after");
    }

    @Test
    void theWellcomeDemoDoiHasOnlyNonCommercialCopies() throws Exception {
        HttpResponse<String> answer = get(stub.lookupBase() + "10.5555/demo.wellcome?email=demo@example.edu");

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode copies = JSON.readTree(answer.body()).get("oa_locations");
        assertThat(copies).extracting(c -> c.get("url").asText())
                .anySatisfy(url -> assertThat(url).startsWith("https://europepmc.org/"));
        assertThat(copies).extracting(c -> c.get("license").asText()).containsOnly("cc-by-nc");
    }

    @Test
    void unknownDoiIsNotFoundAsUpstreamSaysIt() throws Exception {
        assertThat(get(stub.registryBase() + "10.1234/unknown").statusCode()).isEqualTo(404);
        HttpResponse<String> lookup = get(stub.lookupBase() + "10.5555/demo.2024.0001");
        assertThat(lookup.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(lookup.body()).get("error").asBoolean()).isTrue();
    }

    private static HttpResponse<String> get(String uri) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(uri)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
