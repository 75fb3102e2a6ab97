package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * {@code GET /doi/registry}: a registry work's dates and funders, in Crossref's own shapes (a
 * funder by Funder DOI, by a deprecated one, by ROR id alone since 2025, by name alone), bounded,
 * and never a journal written.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class RegistryReadTest extends FreshUpstreamsAndRecords {

    private static final String NSF_BY_ROR = """
            {"id": [{"id": "https://ror.org/021nxhr62", "id-type": "ROR", "asserted-by": "publisher"}], "award": ["2045678"]}""";

    @Test
    void aFunderNamedByItsFunderDoiIsAnsweredWithItsIdentifiersAndAwards() {
        JsonNode funder = funders(work(message -> funder(message, """
                {"DOI": "10.13039/100000002", "name": "National Institutes of Health", "doi-asserted-by": "crossref",
                 "award": ["R01GM123456", "R35GM654321"],
                 "id": [{"id": "10.13039/100000002", "id-type": "DOI", "asserted-by": "crossref"}]}"""))).get(0);

        assertThat(funder).isEqualTo(Fixtures.parse("""
                {"DOI": "10.13039/100000002", "name": "National Institutes of Health", "doi-asserted-by": "crossref",
                 "id": [{"id": "10.13039/100000002", "id-type": "DOI", "asserted-by": "crossref"}],
                 "award": ["R01GM123456", "R35GM654321"]}"""));
    }

    @Test
    void aDeprecatedFunderDoiIsAnsweredAsTheRegistryGivesIt() {
        JsonNode funder = funders(work(message -> funder(message, """
                {"DOI": "10.13039/100004440", "name": "Wellcome Trust", "doi-asserted-by": "publisher", "award": ["212345/Z/18/Z"],
                 "id": [{"id": "10.13039/100004440", "id-type": "DOI", "asserted-by": "publisher"}]}"""))).get(0);

        assertThat(funder.path("DOI").asText()).isEqualTo("10.13039/100004440");
        assertThat(funder.path("award").get(0).asText()).isEqualTo("212345/Z/18/Z");
    }

    @Test
    void aFunderNamedByItsRorIdAloneKeepsItWithoutADoiOrAName() {
        Response answer = read(work(message -> funder(message, NSF_BY_ROR)));
        System.out.println("registry read of a ROR-only NSF funder: " + answer.asString());

        assertThat(Fixtures.parse(answer.asString()).get("funders").get(0)).isEqualTo(Fixtures.parse(NSF_BY_ROR));
    }

    @Test
    void aFunderNamedOnlyByNameIsAnsweredByName() {
        JsonNode funder = funders(work(message -> funder(message, """
                {"name": "Example Family Foundation", "award": []}"""))).get(0);

        assertThat(funder).isEqualTo(Fixtures.parse("""
                {"name": "Example Family Foundation", "id": [], "award": []}"""));
    }

    @Test
    void aWorkWithAnAcceptanceDateAnswersEachDateAsPreciseAsGiven() {
        Response answer = read(work(message -> {
            message.set("accepted", Fixtures.parse("{\"date-parts\": [[2025, 3, 14]]}"));
            message.set("published-online", Fixtures.parse("{\"date-parts\": [[2025, 4, 2]]}"));
            message.set("published-print", Fixtures.parse("{\"date-parts\": [[2025, 6]]}"));
            message.set("issued", Fixtures.parse("{\"date-parts\": [[2025, 4, 2]]}"));
        }));

        assertThat(Fixtures.parse(answer.asString()).get("dates")).isEqualTo(Fixtures.parse("""
                {"accepted": "2025-03-14", "published-online": "2025-04-02", "published-print": "2025-06", "issued": "2025-04-02"}"""));
    }

    @Test
    void aWorkWithOnlyAnIssuedYearAnswersTheOtherDatesNull() {
        Response answer = read(work(message -> {
            message.remove("published-online");
            message.remove("published");
            message.set("issued", Fixtures.parse("{\"date-parts\": [[2024]]}"));
        }));

        assertThat(Fixtures.parse(answer.asString()).get("dates")).isEqualTo(Fixtures.parse("""
                {"accepted": null, "published-online": null, "published-print": null, "issued": "2024"}"""));
    }

    @Test
    void fiveHundredFundersAreCutToTheFirstHundredAndTheAnswerSaysSo() {
        Response answer = read(work(message -> {
            for (int i = 0; i < 500; i++) {
                funder(message, "{\"DOI\": \"10.13039/5000%05d\", \"name\": \"Funder %d\", \"award\": [\"A-%d\"]}".formatted(i, i, i));
            }
            funder(message, NSF_BY_ROR);
        }));

        JsonNode read = Fixtures.parse(answer.asString());
        assertThat(read.get("funders")).hasSize(100);
        assertThat(read.get("funders").get(99).path("name").asText()).isEqualTo("Funder 99");
        assertThat(read.get("funders-cut").asBoolean()).isTrue();
        assertThat(read.get("funder-count").asInt()).isEqualTo(501);
        assertThat(read.get("dates").get("issued").asText()).isEqualTo("2023-06");
    }

    @Test
    void aRegistryReadCreatesNoJournalAndTheJournalLookupAfterItMakesNoSecondCall() {
        String doi = work(message -> funder(message, NSF_BY_ROR));

        read(doi);
        assertThat(Journals.all(dataSource)).isEmpty();
        Api.journal(doi).then().statusCode(200);

        assertThat(Upstreams.calls(upstream, "journal", doi)).isEqualTo(1);
        assertThat(Journals.all(dataSource)).hasSize(1);
    }

    @Test
    void theJournalAnswerPassesTheRegistrysFundersThroughUnchanged() {
        ArrayNode posted = Fixtures.JSON.createArrayNode();
        String doi = work(message -> {
            for (int i = 0; i < 500; i++) {
                funder(message, "{\"DOI\": \"10.13039/5000%05d\", \"name\": \"Funder %d\", \"award\": [\"A-%d\"]}".formatted(i, i, i));
            }
            funder(message, NSF_BY_ROR);
            posted.addAll((ArrayNode) message.get("funder"));
        });

        Response answer = Api.journal(doi);

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(Fixtures.parse(answer.asString()).path("crossref").path("message").path("funder")).isEqualTo(posted);
    }

    @Test
    void aDoiTheRegistryDoesNotKnowIs404() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "journal", doi, aResponse().withStatus(404));

        Response answer = Api.endpoint("registry", doi);

        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(answer.jsonPath().getString("error")).isEqualTo("The resource for DOI " + doi + " could not be found on Crossref.");
    }

    /** A new DOI whose registry work is the article fixture changed by {@code change}. */
    private String work(Consumer<ObjectNode> change) {
        String doi = Fixtures.newDoi();
        ObjectNode work = (ObjectNode) Fixtures.parse(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
        change.accept((ObjectNode) work.get("message"));
        Upstreams.work(upstream, doi, work.toString());
        return doi;
    }

    private static void funder(ObjectNode message, String funder) {
        ArrayNode funders = message.has("funder") ? (ArrayNode) message.get("funder") : message.putArray("funder");
        funders.add(Fixtures.parse(funder));
    }

    private static Response read(String doi) {
        Response answer = Api.endpoint("registry", doi);
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
        return answer;
    }

    private static JsonNode funders(String doi) {
        return Fixtures.parse(read(doi).asString()).get("funders");
    }
}
