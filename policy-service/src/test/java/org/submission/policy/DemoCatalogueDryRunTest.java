package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;
import org.submission.shared.seed.SeedOnStart;

/**
 * Adopting the catalogue on the demo data, as the operator's checklist has it: with the demo's
 * version-1 rules served, a dry run of the shipped catalogue lists exactly the demo submissions
 * whose policies it changes.
 */
@QuarkusTest
@TestProfile(RulesFileProfile.class)
@WithTestResource(PolicyTestDatabase.class)
class DemoCatalogueDryRunTest {

    private static final Path DEMO_RULES = Path.of("../deploy/demo/policy-rules.yaml");
    private static final Path CATALOGUE = Path.of("../deploy/policies/catalogue.yaml");

    @Inject
    Fixture fixture;

    @Inject
    MeterRegistry registry;

    private Map<String, Long> ids;

    @BeforeEach
    void demoDataUnderTheDemoRules() throws Exception {
        ids = fixture.replaceWith(SeedOnStart.demoData());
        CounterRead.caughtUp(registry);
        RulesFileProfile.write(Files.readString(DEMO_RULES));
        // the demo rules give the submission accepted before 2025-07-01 NIH's 2008 policy, which PASS's Funder.policy never does
        await().atMost(Duration.ofSeconds(10)).until(() -> funderPolicies(Requests.backend()
                .queryParam("submission", id("s-nih-before")).get("/policy/policies").then().statusCode(200)
                .extract().jsonPath(), "").equals(List.of(id("nih-2008"))));
    }

    @AfterEach
    void noRules() {
        RulesFileProfile.write("version: 1\n");
    }

    @Test
    void theCatalogueChangesExactlyTheDemoSubmissionsOfItsNewAnchors() throws Exception {
        JsonPath answer = Requests.backend().contentType("application/yaml").body(Files.readAllBytes(CATALOGUE))
                .post("/policy/rules/dry-run?since=2020-01-01").then().statusCode(200).extract().jsonPath();

        // a dry run replays the submitted submissions (the drafts have no submitted date)
        assertThat(answer.getInt("submissions")).isEqualTo(submittedDemoSubmissions());
        assertThat(answer.getList("changes.submission", String.class)).as(answer.prettify()).containsExactlyInAnyOrder(
                // the award issued 2026-03-02 is on or after NSF's 2026-01-22: PASS's NSF record gives way to nsf-2026
                id("s-nsf-after"),
                // published 2025-02-14, on or after DOE's 2024-10-01; the demo rules know no DOE policy, PASS's DOE funder has none
                id("s-doe-after"),
                // NCI is NIH's child in the catalogue: accepted 2025-10-20 under an award ending 2029, NIH's 2024 policy,
                // where the demo rules name NIH alone and leave NCI to its PASS record (the undated NIH policy)
                id("s-nci"),
                // submitted to the journal 2025-03-03, on or after Wellcome's 2021-01-01; PASS's Wellcome funder has no policy
                id("s-wellcome"));
        // unchanged: the NIH submissions (both files date NIH alike), the NSF award of 2025-09-15 (the catalogue's
        // otherwise rule is PASS's own NSF record) and the DOE article published 2024-06-10 (no DOE rule before the date)

        assertChange(answer, "s-nsf-after", List.of(id("nsf-policy")), List.of(id("nsf-2026")));
        assertChange(answer, "s-doe-after", List.of(), List.of(id("doe-2023")));
        assertChange(answer, "s-nci", List.of(id("nih-policy")), List.of(id("nih-2024")));
        assertChange(answer, "s-wellcome", List.of(), List.of(id("wellcome-2021")));
        // Wellcome's rule requires a copy in each of its two repositories
        assertThat(answer.getList(change("s-wellcome") + ".repositories.after.required.url", String.class))
                .contains(id("pmc"), id("europepmc"));
    }

    private void assertChange(JsonPath answer, String submission, List<String> before, List<String> after) {
        assertThat(funderPolicies(answer, change(submission) + ".policies.before")).as(submission + " before")
                .containsExactlyInAnyOrderElementsOf(before);
        assertThat(funderPolicies(answer, change(submission) + ".policies.after")).as(submission + " after")
                .containsExactlyInAnyOrderElementsOf(after);
    }

    private String change(String submission) {
        return "changes.find { it.submission == '" + id(submission) + "' }";
    }

    /** The funder policies' ids of a policy list (the institution's is the same on both sides). */
    private static List<String> funderPolicies(JsonPath answer, String path) {
        return answer.getList((path.isEmpty() ? "" : path + ".") + "findAll { it.type == 'funder' }.id", String.class);
    }

    private String id(String key) {
        return String.valueOf(ids.get(key));
    }

    private static int submittedDemoSubmissions() throws Exception {
        JsonNode submissions = new ObjectMapper().readTree(SeedOnStart.demoData()).get("submissions");
        return (int) StreamSupport.stream(submissions.spliterator(), false).filter(s -> s.hasNonNull("submittedDate")).count();
    }
}
