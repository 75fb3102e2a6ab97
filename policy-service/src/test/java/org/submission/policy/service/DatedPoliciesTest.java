package org.submission.policy.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.policy.rules.TestRules.INSTITUTIONAL;
import static org.submission.policy.rules.TestRules.NIH_FUNDER;
import static org.submission.policy.rules.TestRules.NSF;
import static org.submission.policy.rules.TestRules.NSF_FUNDER;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.security.Caller;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.FunderRoute;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.TestRules;

class DatedPoliciesTest {

    private static final Caller BACKEND = new Caller("backend", true, null, Set.of(), Set.of());
    private static final RuleSet NIH = TestRules.resolved(TestRules.NIH);
    private static final RuleSet INSTITUTION_DATED = TestRules.resolved("""
            version: 1
            policies:
              - policy: "Example University Open Access Policy"
                funders: []
                when: {accepted: {from: 2024-01-01, until: 2026-01-01}}
            """);

    /** "24" decided, "20?" undecided, in answer order. */
    private static String answer(SubmissionGraph graph, RuleSet rules) {
        return PolicyRules.applicablePolicies(graph, BACKEND, "example.edu", false, rules).stream()
                .map(entry -> entry.id() + (entry.undecided() != null ? "?" : "")).collect(Collectors.joining(","));
    }

    private static SubmissionGraph graph(String acceptedDate, String grantEnd, FunderRoute... more) {
        List<FunderRoute> routes = new ArrayList<>(List.of(new FunderRoute(40, NIH_FUNDER, "primary", 20L,
                grantEnd == null ? null : LocalDate.parse(grantEnd))));
        routes.addAll(List.of(more));
        String metadata = acceptedDate == null ? "{\"title\": \"t\"}" : "{\"acceptedDate\": \"" + acceptedDate + "\"}";
        return new SubmissionGraph(60, 1L, List.of("staff@example.edu"), Set.of(), routes, INSTITUTIONAL, List.of(),
                metadata, null);
    }

    @ParameterizedTest(name = "accepted {0}, grant ending {1}: {2}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            2025-06-30           | -          | 20,22
            2025-07-01           | -          | 22,24
            2025-07-01T09:30:00Z | -          | 22,24
            2025-07-02           | 2025-07-01 | 20,22
            2025-07-01           | 2025-06-30 | 20,22
            2025-07-01           | 2025-07-01 | 22,24
            2025-08-02           | 2030-01-01 | 22,24
            -                    | -          | 20?,22,24?
            not a date           | -          | 20?,22,24?
            """)
    void theNihRulesChooseByTheAcceptedDateAndTheGrantsEnd(String accepted, String grantEnd, String expected) {
        assertThat(answer(graph(accepted, grantEnd), NIH)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "accepted {0}: {1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            2023-12-31 | 20
            2024-01-01 | 20,22
            2025-12-31 | 20,22
            2026-01-01 | 20
            -          | 20,22?
            """)
    void theInstitutionalPolicyWithDatesAppliesFromInclusiveUntilExclusive(String accepted, String expected) {
        assertThat(answer(graph(accepted, null), INSTITUTION_DATED)).isEqualTo(expected);
    }

    @Test
    void aFunderNoRuleNamesKeepsItsPolicyBesideOneWithRules() {
        SubmissionGraph graph = graph("2025-08-01", null, new FunderRoute(40, NSF_FUNDER, "direct", NSF, null));
        assertThat(answer(graph, NIH)).isEqualTo("21,22,24");
    }

    @Test
    void aFunderWithoutAPolicyGetsNoneWhenNoRuleNamesIt() {
        SubmissionGraph graph = graph("2025-08-01", null, new FunderRoute(41, 32, "primary", null, null));
        assertThat(answer(graph, NIH)).isEqualTo("22,24");
    }

    @Test
    void theSubmittedDateIsTheLastSource() {
        SubmissionGraph graph = new SubmissionGraph(60, 1L, List.of(), Set.of(),
                List.of(new FunderRoute(40, NIH_FUNDER, "primary", 20L, null)), INSTITUTIONAL, List.of(), null,
                LocalDate.parse("2025-07-01"));
        assertThat(answer(graph, NIH)).isEqualTo("24");
    }

    @Test
    void explainNamesTheRuleTheDateItsSourceAndTheGrantsEnd() {
        List<Map<String, String>> reasons = PolicyRules.applicablePolicies(graph("2025-08-02", "2026-01-31"), BACKEND,
                null, true, NIH).get(0).reasons();
        assertThat(reasons).containsExactly(Map.of("grant", "40", "funder", "30", "role", "primary",
                "rule", "NIH Public Access Policy (2024) (rule 1)", "accepted", "2025-08-02 from metadata.acceptedDate",
                "grantEnd", "2026-01-31"));
    }

    @Test
    void explainSaysWhatIsMissingOnEachCandidate() {
        List<Map<String, String>> reasons = PolicyRules.applicablePolicies(graph(null, null), BACKEND, null, true, NIH)
                .get(1).reasons();
        assertThat(reasons).containsExactly(Map.of("grant", "40", "funder", "30", "role", "primary",
                "rule", "NIH Public Access Policy (2024) (rule 1)",
                "undecided", "no accepted date (metadata.acceptedDate, metadata.publicationDate, submittedDate)"));
    }

    @Test
    void withoutRulesTheAnswerIsTheSeedsOne() {
        SubmissionGraph graph = graph(null, null);
        assertThat(PolicyRules.applicablePolicies(graph, BACKEND, "example.edu", true, RuleSet.NONE))
                .isEqualTo(PolicyRules.applicablePolicies(graph, BACKEND, "example.edu", true));
    }
}
