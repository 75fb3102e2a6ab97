package org.submission.doi.cluster;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.FreshDatabase;

/**
 * A PASS database whose owner did not create the coordination tables, a set-up the guide
 * supports: lookups answer, each pod alone; readiness says so on one line, the gauge
 * doi_coordination_tables is 0, and nothing counts as a coordination failure (which pages).
 */
@QuarkusTest
@TestProfile(WithoutCoordinationTablesTest.Profile.class)
class WithoutCoordinationTablesTest {

    /** A database of its own without the coordination tables, which every other test's lookups use. */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(PassTablesOnly.class), new TestResourceEntry(WireMockUpstreams.class));
        }
    }

    public static class PassTablesOnly implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            FreshDatabase db = FreshDatabase.create();
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("db/migration/V1__pass_tables.sql")) {
                db.execute(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return Map.of("submission.db.url", db.url(), "submission.db.user", "postgres", "submission.db.migrate", "false");
        }

        @Override
        public void stop() {
            // the embedded server outlives the test class
        }
    }

    @WireMockUpstreams.Server
    WireMockServer upstream;

    @Test
    void lookupsAnswerAndTheMissingTablesAreReportedApartFromFailures() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json(Fixtures.text("oa-record.json")));

        Api.manuscript(doi).then().statusCode(200);

        assertThat(given().get("/q/health/ready").then().statusCode(200).extract().asString())
                .contains("no coordination tables in the database");
        String metrics = given().get("/q/metrics").asString();
        assertThat(metrics).containsPattern("(?m)^doi_coordination_tables\\{[^}]*\\} 0\\.0$")
                .containsPattern("(?m)^doi_coordination_failures_total\\{[^}]*\\} 0\\.0$");
    }
}
