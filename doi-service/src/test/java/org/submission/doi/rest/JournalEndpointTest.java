package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.submission.doi.support.Fixtures.ARTICLE_DOI;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class JournalEndpointTest extends FreshUpstreamsAndRecords {

    @Test
    void createsTheJournalFromTheRegistryWork() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630", "electronic:2049-3649"));

        Response answer = Api.journal(doi);

        assertThat(answer.statusCode()).isEqualTo(200);
        Journals.Row journal = Journals.only(dataSource);
        assertThat(answer.jsonPath().getString("journal-id")).isEqualTo(String.valueOf(journal.id()));
        assertThat(answer.jsonPath().getString("crossref.message.DOI")).isEqualTo(doi);
        assertThat(journal.name()).isEqualTo(ARTICLE_JOURNAL);
        assertThat(journal.issns()).containsExactlyInAnyOrder("Print:2049-3630", "Online:2049-3649");
        assertThat(journal.nlmta()).isNull();
    }

    @Test
    void answersTheWholeRegistryResponseWithOnlyTheAbstractConverted() {
        Upstreams.work(upstream, ARTICLE_DOI, Fixtures.text("work-article.json"));

        JsonNode crossref = Fixtures.parse(Api.journal("https://doi.org/" + ARTICLE_DOI).then().statusCode(200)
                .extract().asString()).get("crossref");

        String html = crossref.path("message").path("abstract").asText();
        assertThat(html).startsWith("<h2>Abstract</h2><section><h3>Background</h3><p>Deposit rates of <i>accepted manuscripts</i>")
                .contains("CO<sub>2</sub>", "&amp; cost", "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><msup><mi>n</mi><mn>2</mn></msup></math>",
                        "<a href=\"https://data.example.org/set/12\">data</a>");
        ObjectNode expected = Fixtures.json("work-article.json");
        ((ObjectNode) expected.get("message")).remove("abstract");
        ((ObjectNode) crossref.get("message")).remove("abstract");
        assertThat(crossref).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "<p>Plain <img src=x onerror=alert(1)><script>alert(2)</script></p>|<p>Plain </p>",
        "<jats:p>JATS <jats:ext-link xlink:href=\"javascript:alert(1)\">link</jats:ext-link></jats:p>|<p>JATS link</p>",
        "p < 0.05 & n > 3|p &lt; 0.05 &amp; n &gt; 3",
        "No markup & no change|No markup & no change",
    })
    void anyAbstractWithMarkupBecomesSafeHtml(String summary, String html) {
        String doi = Fixtures.newDoi();
        ObjectNode work = (ObjectNode) Fixtures.parse(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
        ((ObjectNode) work.get("message")).put("abstract", summary);
        Upstreams.work(upstream, doi, work.toString());

        Api.journal(doi).then().statusCode(200).body("crossref.message.abstract", equalTo(html));
    }

    @Test
    void reusesTheJournalForLaterWorksOfIt() {
        String first = Fixtures.newDoi();
        String second = Fixtures.newDoi();
        Upstreams.work(upstream, first, Fixtures.work(first, ARTICLE_JOURNAL, "print:2049-3630", "electronic:2049-3649"));
        Upstreams.work(upstream, second, Fixtures.work(second, ARTICLE_JOURNAL, "print:2049-3630", "electronic:2049-3649"));

        String id = Api.journal(first).then().statusCode(200).extract().path("journal-id");
        String again = Api.journal(first).then().statusCode(200).extract().path("journal-id");
        String other = Api.journal(second).then().statusCode(200).extract().path("journal-id");

        assertThat(List.of(again, other)).containsOnly(id);
        assertThat(Journals.all(dataSource)).hasSize(1);
    }

    @Test
    void matchesAnIssnValueWhateverItsType() {
        Map<String, Long> ids = Journals.seed(dataSource, """
                [{"key": "j", "journalName": "Journal of Submission Studies", "issns": ["Print:2049-3649"]}]""");
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "electronic:2049-3649"));

        Api.journal(doi).then().statusCode(200);

        Journals.Row journal = Journals.only(dataSource);
        assertThat(journal.id()).isEqualTo(ids.get("j"));
        assertThat(journal.issns()).containsExactlyInAnyOrder("Print:2049-3649", "Online:2049-3649");
    }

    @Test
    void matchesTheNameAloneIgnoringCaseAndSpacing() {
        Map<String, Long> ids = Journals.seed(dataSource, """
                [{"key": "j", "journalName": " journal of  submission STUDIES", "issns": ["Print:1111-1111"]}]""");
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "electronic:2049-3649"));

        String id = Api.journal(doi).then().statusCode(200).extract().path("journal-id");

        assertThat(id).isEqualTo(String.valueOf(ids.get("j")));
        assertThat(Journals.all(dataSource)).hasSize(1);
    }

    @Test
    void addsMissingIssnsToAnAgreeingJournalAndKeepsItsName() {
        Map<String, Long> ids = Journals.seed(dataSource, """
                [{"key": "j", "journalName": "journal of submission studies", "issns": ["Online:2049-3649"]}]""");
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630", "electronic:2049-3649", "2049-3649"));

        Api.journal(doi).then().statusCode(200);

        Journals.Row journal = Journals.only(dataSource);
        assertThat(journal.id()).isEqualTo(ids.get("j"));
        assertThat(journal.name()).isEqualTo("journal of submission studies");
        assertThat(journal.issns()).containsExactlyInAnyOrder("Online:2049-3649", "Print:2049-3630");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"nlmta\": \"J Submiss Stud\"", "\"pmcParticipation\": \"D\""})
    void leavesACuratedJournalUntouched(String curation) {
        Map<String, Long> ids = Journals.seed(dataSource, """
                [{"key": "j", "journalName": "TestUpdate: Journal of Submission Studies", "issns": ["Online:2049-3649"], %s}]"""
                .formatted(curation));
        Journals.Row before = Journals.only(dataSource);
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630", "electronic:2049-3649"));

        String id = Api.journal(doi).then().statusCode(200).extract().path("journal-id");

        assertThat(id).isEqualTo(String.valueOf(ids.get("j")));
        assertThat(Journals.only(dataSource)).isEqualTo(before);
    }

    @Test
    void prefersTheJournalSharingMostIssnsThenTheLowestId() {
        Map<String, Long> ids = Journals.seed(dataSource, """
                [{"key": "byName", "journalName": "Journal of Submission Studies", "issns": ["Print:1111-1111"], "nlmta": "x"},
                 {"key": "twoIssns", "journalName": "Other", "issns": ["Print:2049-3630", "Online:2049-3649"], "nlmta": "x"},
                 {"key": "twoIssnsLater", "journalName": "Other 2", "issns": [":2049-3630", ":2049-3649"], "nlmta": "x"}]""");
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630", "electronic:2049-3649"));

        String id = Api.journal(doi).then().statusCode(200).extract().path("journal-id");

        assertThat(id).isEqualTo(String.valueOf(Math.min(ids.get("twoIssns"), ids.get("twoIssnsLater"))));
    }

    @Test
    void aWorkWithoutAnIssnIsUnprocessable() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.text("work-book-chapter.json"));

        Api.journal(doi).then().statusCode(422)
                .body("error", equalTo("Insufficient information to locate or specify a journal entry."));

        assertThat(Journals.all(dataSource)).isEmpty();
    }

    @Test
    void aDoiUnknownToTheRegistryIsNotFound() {
        String doi = "10.1212/abc.DEF";
        Upstreams.answer(upstream, "journal", doi, aResponse()
                .withStatus(404).withBody("Resource not found."));

        Api.journal(doi).then().statusCode(404)
                .body("error", equalTo("The resource for DOI 10.1212/abc.DEF could not be found on Crossref."));
    }
}
