package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PassCoreDatabase;
import org.submission.platform.testing.Requests;

/**
 * The policy service on pass-core's own database with PASS data as pass-core writes it, set up by
 * the owner's script and reached as its least-privileged role with migrations off.
 */
@QuarkusTest
@TestProfile(PassCoreDatabaseTest.Institution.class)
class PassCoreDatabaseTest {

    public static class Institution implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("service.policy.institution", "university.edu",
                    "service.policy.institutional-policy-title", "University Open Access Policy",
                    "service.policy.institutional-repository-name", "University Scholarship");
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(PassCoreDatabase.class));
        }
    }

    final FreshDatabase passCore = PassCoreDatabase.database();

    @Inject
    MeterRegistry registry;

    @Test
    void theFundersPoliciesAndTheInstitutionsApplyToASubmissionOfAnAffiliatedSubmitter() {
        String body = Requests.backend().queryParam("submission", submission()).get("/policy/policies")
                .then().statusCode(200).extract().asString();

        assertThat(body).isEqualTo("[{\"id\":\"" + policy("National Institutes of Health Public Access Policy") + "\",\"type\":\"funder\"},"
                + "{\"id\":\"" + policy("DOE Public Access Plan") + "\",\"type\":\"funder\"},"
                + "{\"id\":\"" + policy("University Open Access Policy") + "\",\"type\":\"institution\"}]");
    }

    @Test
    void theFundersRepositoriesAreRequiredAndTheInstitutionsOptionalAndSelected() {
        String body = Requests.as("nsubmitter@university.edu").queryParam("submission", submission()).get("/policy/repositories")
                .then().statusCode(200).extract().asString();

        assertThat(body).isEqualTo("{\"required\":[{\"url\":\"" + repository("PubMed Central") + "\",\"selected\":true},"
                + "{\"url\":\"" + repository("DOE PAGES") + "\",\"selected\":true}],"
                + "\"optional\":[{\"url\":\"" + repository("University Scholarship") + "\",\"selected\":true}]}");
    }

    @Test
    void aPreparerMayAskAndSomeoneElseIsAnsweredAsForASubmissionThatDoesNotExist() {
        Requests.as("padmin@university.edu").queryParam("submission", submission()).get("/policy/policies").then().statusCode(200);
        Requests.as("oother@elsewhere.org").queryParam("submission", submission()).get("/policy/policies").then().statusCode(404);
    }

    @Test
    void theOwnersScriptInstallsTheChangeCounterSoThatAChangeReachesAKeptAnswer() {
        await().atMost(Duration.ofSeconds(10)).until(() -> CounterRead.listening(registry));
        long doe = policy("DOE Public Access Plan");
        long funder = passCore.count("SELECT id FROM pass_funder WHERE policy_id = " + doe);
        assertThat(policies()).contains(String.valueOf(doe));
        double hits = hits();
        assertThat(policies()).contains(String.valueOf(doe));
        assertThat(hits()).isEqualTo(hits + 1);

        passCore.execute("UPDATE pass_funder SET policy_id = NULL WHERE id = " + funder);
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> !policies().contains(String.valueOf(doe)));
        } finally {
            passCore.execute("UPDATE pass_funder SET policy_id = " + doe + " WHERE id = " + funder);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> policies().contains(String.valueOf(doe)));
    }

    private double hits() {
        return registry.get("policy_answer_cache_requests").tag("result", "hit").counter().count();
    }

    private List<String> policies() {
        return Requests.backend().queryParam("submission", submission()).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath().getList("id");
    }

    private long submission() {
        return passCore.count("SELECT id FROM pass_submission");
    }

    private long policy(String title) {
        return passCore.count("SELECT id FROM pass_policy WHERE title = '" + title + "'");
    }

    private long repository(String name) {
        return passCore.count("SELECT id FROM pass_repository WHERE name = '" + name + "'");
    }
}
