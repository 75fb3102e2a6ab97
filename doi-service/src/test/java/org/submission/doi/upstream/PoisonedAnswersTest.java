package org.submission.doi.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.CapturedLog;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * Upstream values that used to fail on their way to the database or the client, and stay cached
 * for the TTL: each answer is validated and normalised before it is cached or written.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class PoisonedAnswersTest extends FreshUpstreamsAndRecords {

    @Test
    void aNulInTheJournalNameIsDroppedAndEveryRequestForTheDoiAnswers() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, "Journal of\u0000 Null Studies", "print:2049-3630"));

        try (CapturedLog log = CapturedLog.open()) {
            assertThat(Api.journal(doi).statusCode()).isEqualTo(200);
            assertThat(Api.journal(doi).statusCode()).isEqualTo(200);

            assertThat(log.lines()).noneMatch(line -> line.thrown() != null || line.message().toLowerCase().contains("insert into"));
        }
        assertThat(Journals.only(dataSource).name()).isEqualTo("Journal of Null Studies");
        assertThat(Upstreams.calls(upstream, "journal", doi)).isEqualTo(1);
    }

    @Test
    void noStringOfTheAnswerCarriesANulOrALoneSurrogate() {
        String doi = Fixtures.newDoi();
        String work = Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630").replaceFirst("\"message\"\\s*:\\s*\\{",
                "\"message\": {\"subtitle\\\\u0000\": \"a\\\\u0000b\\\\ud800c\", \"x-nul-title\": [\"T\\\\u0000\"],");
        assertThat(work).contains("\\u0000b\\ud800c");
        Upstreams.work(upstream, doi, work);

        String body = Api.journal(doi).then().statusCode(200).extract().asString();

        assertThat(body).doesNotContain("\\u0000", "\u0000", "\\ud800").contains("\"subtitle\":\"ab\ufffdc\"", "\"x-nul-title\":[\"T\"]");
    }

    @Test
    void anAnswerNestedTooDeeplyIsA502AndNeverA400() {
        String doi = Fixtures.newDoi();
        // 1,000 levels: within what Jackson reads by default, one more than it writes once wrapped in the answer
        String deep = "[".repeat(999) + "]".repeat(999);
        ObjectNode work = (ObjectNode) Fixtures.parse(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
        Upstreams.work(upstream, doi, work.toString().replaceFirst("\\{", "{\"deep\": " + deep + ","));

        Response answer = Api.journal(doi);

        assertThat(answer.statusCode()).isEqualTo(502);
        assertThat(answer.contentType()).startsWith("application/json");
        assertThat(answer.jsonPath().getString("error")).isEqualTo("Crossref sent an answer for DOI " + doi
                + " that is not a usable JSON object.");
        assertThat(Journals.all(dataSource)).isEmpty();
    }

    @Test
    void aWorkWithThirtyThousandIssnsTakesOnlyTheFirstFewAndFindsItsJournal() {
        String doi = Fixtures.newDoi();
        ObjectNode work = (ObjectNode) Fixtures.parse(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
        ArrayNode issns = ((ObjectNode) work.get("message")).putArray("ISSN");
        for (int i = 0; i < 30_000; i++) {
            issns.add(String.format("%04d-%04d", i / 10_000, i % 10_000));
        }
        Upstreams.work(upstream, doi, work.toString());

        Response answer = Api.journal(doi);

        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
        assertThat(answer.jsonPath().getList("crossref.message.ISSN")).hasSize(8);
        assertThat(Journals.only(dataSource).issns()).hasSize(8).contains("Print:2049-3630");
    }

    @Test
    void aManuscriptRecordWithNulsAnswersWithoutThem() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json("""
                {"oa_status": "gre\\u0000en", "oa_locations": [{"url_for_pdf": "https://x.example.org/a\\u0000.pdf",
                 "repository_institution": "Repo\\u0000sitory", "license": "cc\\u0000-by"},
                 {"url_for_pdf": "https://x.example.org/b%00.pdf", "repository_institution": "B"}]}"""));

        String body = Api.manuscript(doi).then().statusCode(200).extract().asString();

        assertThat(body).doesNotContain("\\u0000").contains("\"name\":\"b_.pdf\"");
        assertThat(Fixtures.parse(body).path("manuscripts")).hasSize(1);
        List<String> labels = Fixtures.parse(body).findValuesAsText("repositoryLabel");
        assertThat(labels).containsExactly("B");
    }
}
