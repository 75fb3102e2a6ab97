package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.Requests;

/** The contract's rules beyond the worked examples, over HTTP on the database (fixture: policy-cases.json). */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class PolicyDecisionsTest {

    @Inject
    Fixture fixture;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            primary funder is the direct funder: its policy once           | S-same               | ulrich@elsewhere.org | P1:funder
            a funder without policy adds nothing                           | S-no-policy          | ulrich@elsewhere.org | P1:funder
            a grant with no funders adds nothing                           | S-no-funders         | ulrich@elsewhere.org |
            institutional policy reached as a funder policy, outsider      | S-university-outside | ulrich@elsewhere.org | P3:institution
            institutional policy reached as a funder policy, affiliated    | S-university-inside  | ursula@example.edu   | P3:institution
            preparer outside the institution, affiliated submitter         | S-all                | paul@partner.org     | P1:funder P2:funder P3:institution
            preparer outside the institution, outside submitter            | S-outside            | paul@partner.org     | P1:funder P2:funder
            admin outside the institution, outside submitter               | S-outside            | ada@elsewhere.org    | P1:funder P2:funder
            unscoped submitter affiliation in another case                 | S-unscoped           | backend              | P3:institution
            """)
    void listsTheApplicablePolicies(String rule, String submission, String caller, String policies) {
        assertThat(policiesOf(submission, caller, null)).isEqualTo(Expected.policies(fixture.ids(), policies));
    }

    @ParameterizedTest(name = "caller affiliation header \"{0}\" -> institutional: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            example.edu                   | true
            EXAMPLE.EDU                   | true
            STAFF@Example.Edu             | true
            partner.org; member@example.edu | true
            example.edu.evil.org          | false
            notexample.edu                | false
            student@sub.example.edu       | false
            example.edu@partner.org       | false
            """)
    void callerAffiliationsFromTheProxyCount(String affiliations, boolean institutional) {
        List<Map<String, Object>> answer = policiesOf("S-outside", "ulrich@elsewhere.org", affiliations);

        String expected = institutional ? "P1:funder P2:funder P3:institution" : "P1:funder P2:funder";
        assertThat(answer).isEqualTo(Expected.policies(fixture.ids(), expected));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            effective policies that do not apply, or have no repositories, add nothing | S-unrelated | ulrich@elsewhere.org | |
            several repositories in one policy, IR beside them, R1 once | S-several | ulrich@elsewhere.org | R1 R5 R6 | IR
            institutional repository alone is required       | S-ir        | ursula@example.edu   | IR    |
            institutional repository beside others is optional | S-all     | ursula@example.edu   | R1 R2 | IR
            """)
    void choosesTheRepositories(String rule, String submission, String caller, String required, String optional) {
        Map<String, Object> answer = Requests.as(caller).queryParam("submission", fixture.id(submission))
                .get("/policy/repositories").then().statusCode(200).extract().jsonPath().getMap("$");

        assertThat(answer).isEqualTo(Expected.repositories(fixture.ids(), required, optional));
    }

    @Test
    void explainGivesTheRouteOfEveryPolicy() {
        List<Map<String, Object>> answer = Requests.as("ursula@example.edu", "lab.example.edu; x@example.edu")
                .queryParam("submission", fixture.id("S-university-inside")).queryParam("explain", "true")
                .get("/policy/policies").then().statusCode(200).extract().jsonPath().getList("$");

        assertThat(answer).containsExactly(Map.of("id", "30", "type", "institution", "reasons", List.of(
                Map.of("grant", "54", "funder", "43", "role", "primary"),
                Map.of("institution", "affiliation of the submitter"),
                Map.of("institution", "affiliation of the caller"))));
    }

    @Test
    void explainListsBothRolesOfAFunderThatIsPrimaryAndDirect() {
        List<Map<String, Object>> answer = Requests.as("ulrich@elsewhere.org")
                .queryParam("submission", fixture.id("S-shared-funder")).queryParam("explain", "true")
                .get("/policy/policies").then().statusCode(200).extract().jsonPath().getList("$");

        assertThat(answer).containsExactly(
                Map.of("id", "8", "type", "funder", "reasons", List.of(
                        Map.of("grant", "50", "funder", "41", "role", "primary"))),
                Map.of("id", "21", "type", "funder", "reasons", List.of(
                        Map.of("grant", "50", "funder", "40", "role", "direct"),
                        Map.of("grant", "51", "funder", "40", "role", "primary"),
                        Map.of("grant", "51", "funder", "40", "role", "direct"))));
    }

    @Test
    void explainGivesThePoliciesBehindEveryRepository() {
        Map<String, Object> answer = Requests.as("ulrich@elsewhere.org")
                .queryParam("submission", fixture.id("S-several")).queryParam("explain", "true")
                .get("/policy/repositories").then().statusCode(200).extract().jsonPath().getMap("$");

        assertThat(answer).isEqualTo(Map.of(
                "required", List.of(
                        Map.of("url", "9", "selected", true, "reasons", List.of(Map.of("policy", "21"), Map.of("policy", "31"))),
                        Map.of("url", "12", "selected", true, "reasons", List.of(Map.of("policy", "31"))),
                        Map.of("url", "13", "selected", true, "reasons", List.of(Map.of("policy", "31")))),
                "optional", List.of(
                        Map.of("url", "10", "selected", true, "reasons", List.of(Map.of("policy", "31"),
                                Map.of("institutionalRepository", "optional: other repositories are required"))))));
    }

    @Test
    void withoutExplainEntriesCarryNoReasons() {
        String body = Requests.as("ursula@example.edu").queryParam("submission", fixture.id("S-all")).queryParam("explain", "false")
                .get("/policy/repositories").then().statusCode(200).extract().asString();

        assertThat(body).doesNotContain("reasons");
    }

    @Test
    void theSameQuestionGetsAByteIdenticalAnswer() {
        String first = explained("S-several");
        String second = explained("S-several");

        assertThat(second).isEqualTo(first);
    }

    private String explained(String submission) {
        return Requests.as(Requests.BACKEND).queryParam("submission", fixture.id(submission)).queryParam("explain", "true")
                .get("/policy/policies").then().statusCode(200).extract().asString();
    }

    private List<Map<String, Object>> policiesOf(String submission, String caller, String proxyAffiliations) {
        return Requests.as(caller, proxyAffiliations).queryParam("submission", fixture.id(submission))
                .get("/policy/policies").then().statusCode(200).extract().jsonPath().getList("$");
    }
}
