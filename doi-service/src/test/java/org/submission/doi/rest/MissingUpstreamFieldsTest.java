package org.submission.doi.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * Upstream answers that lack fields the service reads (Unpaywall deleted fields it had deprecated
 * in 2025): answered without a 5xx, each lacking field counted in
 * {@code doi_upstream_missing_fields_total} per upstream and field.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class MissingUpstreamFieldsTest extends FreshUpstreamsAndRecords {

    @Inject
    MeterRegistry registry;

    @Test
    void anUnpaywallRecordWhoseLocationsLostVersionAndLicenseIsAnsweredAndCounted() {
        double version = missing("Unpaywall", "oa_locations.version");
        double license = missing("Unpaywall", "oa_locations.license");
        double pdf = missing("Unpaywall", "oa_locations.url_for_pdf");
        String doi = record(record -> {
            record.remove(List.of("first_oa_location", "oa_locations_embargoed", "best_oa_location"));
            record.get("oa_locations").forEach(location -> ((ObjectNode) location).remove(List.of("version", "license", "updated")));
        });

        Response answer = Api.manuscript(doi);

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode copies = Fixtures.parse(answer.asString()).get("manuscripts");
        assertThat(copies).isNotEmpty().allSatisfy(copy -> {
            assertThat(copy.get("version").isNull()).isTrue();
            assertThat(copy.get("license").isNull()).isTrue();
        });
        assertThat(missing("Unpaywall", "oa_locations.version")).isEqualTo(version + 1);
        assertThat(missing("Unpaywall", "oa_locations.license")).isEqualTo(license + 1);
        assertThat(missing("Unpaywall", "oa_locations.url_for_pdf")).as("still there").isEqualTo(pdf);
    }

    @Test
    void anUnpaywallRecordWithoutItsLocationsAndStatusIsAnEmptyListAndCounted() {
        double locations = missing("Unpaywall", "oa_locations");
        double status = missing("Unpaywall", "oa_status");
        String doi = record(record -> record.remove(List.of("oa_locations", "oa_status")));

        Response answer = Api.manuscript(doi);

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(Fixtures.parse(answer.asString()).get("manuscripts")).isEmpty();
        assertThat(missing("Unpaywall", "oa_locations")).isEqualTo(locations + 1);
        assertThat(missing("Unpaywall", "oa_status")).isEqualTo(status + 1);
    }

    @Test
    void aCrossrefWorkWithoutIssnTypeAndIssuedIsAnsweredAndCounted() {
        double typed = missing("Crossref", "issn-type");
        double issued = missing("Crossref", "issued");
        String doi = work(message -> message.remove(List.of("issn-type", "issued")));

        Response journal = Api.journal(doi);
        Response read = Api.endpoint("registry", doi);

        assertThat(journal.statusCode()).isEqualTo(200);
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.jsonPath().getString("dates.issued")).isNull();
        assertThat(missing("Crossref", "issn-type")).as("counted once per registry answer").isEqualTo(typed + 1);
        assertThat(missing("Crossref", "issued")).isEqualTo(issued + 1);
    }

    @Test
    void aCrossrefWorkWithoutItsJournalIs422NotA5xxAndCounted() {
        double title = missing("Crossref", "container-title");
        double issns = missing("Crossref", "ISSN");
        String doi = work(message -> message.remove(List.of("container-title", "ISSN", "issn-type")));

        Response journal = Api.journal(doi);

        assertThat(journal.statusCode()).isEqualTo(422);
        assertThat(missing("Crossref", "container-title")).isEqualTo(title + 1);
        assertThat(missing("Crossref", "ISSN")).isEqualTo(issns + 1);
    }

    private double missing(String upstream, String field) {
        return registry.get("doi.upstream.missing.fields").tags("upstream", upstream, "field", field).counter().count();
    }

    private String record(Consumer<ObjectNode> change) {
        String doi = Fixtures.newDoi();
        ObjectNode record = Fixtures.json("oa-record.json");
        change.accept(record);
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json(record.toString()));
        return doi;
    }

    private String work(Consumer<ObjectNode> change) {
        String doi = Fixtures.newDoi();
        ObjectNode work = (ObjectNode) Fixtures.parse(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
        change.accept((ObjectNode) work.get("message"));
        Upstreams.work(upstream, doi, work.toString());
        return doi;
    }
}
