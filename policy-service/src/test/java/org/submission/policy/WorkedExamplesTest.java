package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.Requests;

/**
 * The worked-examples table of the policy contract, row by row, over HTTP on the database.
 * Fixture: P1 (funder F1, R1), P2 (F2, R2), P3 the institutional policy (IR); grant G has primary
 * F2 and direct F1; ursula is affiliated, ulrich is not. Ids are chosen so that numeric and
 * textual order differ (P2 = 8, P1 = 21, P3 = 30; R1 = 9, IR = 10, R2 = 100).
 */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class WorkedExamplesTest {

    @Inject
    Fixture fixture;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            U affiliated, effective P1 P2 P3             | S-all           | ursula@example.edu   | P1:funder P2:funder P3:institution | R1 R2 | IR
            U affiliated, effective P3                   | S-ir            | ursula@example.edu   | P1:funder P2:funder P3:institution | IR    |
            U not affiliated, effective P1 P2 P3         | S-outside       | ulrich@elsewhere.org | P1:funder P2:funder                | R1 R2 |
            backend account, U affiliated, effective P1 P2 | S-funders     | backend              | P1:funder P2:funder P3:institution | R1 R2 |
            submission without grants, U affiliated, P3  | S-no-grants     | ursula@example.edu   | P3:institution                     | IR    |
            two grants with the same funder              | S-shared-funder | ulrich@elsewhere.org | P1:funder P2:funder                | R1    |
            """)
    void answersAsTheWorkedExample(String row, String submission, String caller, String policies,
                                   String required, String optional) {
        String id = String.valueOf(fixture.id(submission));

        var policyAnswer = Requests.as(caller).queryParam("submission", id).get("/policy/policies")
                .then().statusCode(200).contentType("application/json").extract().jsonPath().getList("$");
        var repositoryAnswer = Requests.as(caller).queryParam("submission", id).get("/policy/repositories")
                .then().statusCode(200).contentType("application/json").extract().jsonPath().getMap("$");

        assertThat(policyAnswer).isEqualTo(Expected.policies(fixture.ids(), policies));
        assertThat(repositoryAnswer).isEqualTo(Expected.repositories(fixture.ids(), required, optional));
    }
}
