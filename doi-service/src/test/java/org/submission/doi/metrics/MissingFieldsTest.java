package org.submission.doi.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.CapturedLog;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** A field that stops coming is counted on every answer and logged once a day per upstream and field. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class MissingFieldsTest {

    @Inject
    DoiMetrics metrics;

    @Test
    void aMissingFieldIsLoggedOnceADayWhileEveryAnswerCounts() {
        AtomicLong now = new AtomicLong(1_000_000);
        MissingFields fields = new MissingFields(metrics, now::get);
        try (CapturedLog log = CapturedLog.open()) {
            fields.seen("Unpaywall", "10.1/a", List.of("oa_locations.version"));
            now.addAndGet(3_600_000);
            fields.seen("Unpaywall", "10.1/b", List.of("oa_locations.version", "oa_locations.license"));
            now.addAndGet(86_400_000);
            fields.seen("Unpaywall", "10.1/c", List.of("oa_locations.version"));

            assertThat(log.lines()).filteredOn(line -> line.message().contains("lacks"))
                    .extracting(CapturedLog.Line::message).containsExactly(
                            "Unpaywall's answer for 10.1/a lacks oa_locations.version, which the service reads (counted in"
                                    + " doi_upstream_missing_fields_total; logged once a day per field)",
                            "Unpaywall's answer for 10.1/b lacks oa_locations.license, which the service reads (counted in"
                                    + " doi_upstream_missing_fields_total; logged once a day per field)",
                            "Unpaywall's answer for 10.1/c lacks oa_locations.version, which the service reads (counted in"
                                    + " doi_upstream_missing_fields_total; logged once a day per field)");
        }
    }
}
