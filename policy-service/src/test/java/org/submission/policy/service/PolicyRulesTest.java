package org.submission.policy.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.EffectiveRepository;
import org.submission.policy.repository.SubmissionGraph.FunderRoute;
import org.submission.shared.model.PassUser;
import org.submission.platform.security.Caller;

class PolicyRulesTest {

    private static final long SUBMITTER = 1;
    private static final long PREPARER = 2;
    private static final long INSTITUTIONAL = 30;

    @ParameterizedTest(name = "\"{0}\" of {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            example.edu              | example.edu   | true
            Example.EDU              | example.edu   | true
            FACULTY@example.edu      | example.edu   | true
            faculty@EXAMPLE.edu      | Example.Edu   | true
            ' staff@example.edu '    | example.edu   | true
            student@sub.example.edu  | example.edu   | false
            notexample.edu           | example.edu   | false
            example.edu.org          | example.edu   | false
            example.edu@partner.org  | example.edu   | false
            example.edu              | ''            | false
            """)
    void affiliationMatchesExactlyOrScopedIgnoringCase(String affiliation, String institution, boolean expected) {
        assertThat(PolicyRules.affiliated(List.of(affiliation), institution)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            backend account        | true  | -1 |       | true
            admin user             | false | 9  | admin | true
            submitter              | false | 1  |       | true
            preparer               | false | 2  |       | true
            another user           | false | 9  | submitter | false
            person PASS does not know | false | -1 |    | false
            """)
    void onlyTheSubmitterAPreparerAnAdminOrABackendMayRead(String who, boolean backend, long userId, String role,
                                                          boolean allowed) {
        PassUser user = null;
        if (userId > 0) {
            user = new PassUser();
            user.id = userId;
        }
        Caller caller = new Caller(who, backend, user, role == null ? Set.of() : Set.of(role), Set.of());

        assertThat(PolicyRules.mayRead(caller, graph(List.of(), List.of(), List.of()))).isEqualTo(allowed);
    }

    @Test
    void withoutAnInstitutionThereIsNoInstitutionalPolicy() {
        SubmissionGraph graph = graph(List.of("example.edu"), List.of(new FunderRoute(50, 43, "primary", INSTITUTIONAL)), List.of());

        assertThat(PolicyRules.applicablePolicies(graph, backend(), null, false))
                .containsExactly(new PolicyEntry("30", PolicyEntry.FUNDER, null));
    }

    @Test
    void aTitleMatchingNoPolicyMeansNoInstitutionalPolicy() {
        SubmissionGraph graph = new SubmissionGraph(60, SUBMITTER, List.of("example.edu"), Set.of(), List.of(), null, List.of());

        assertThat(PolicyRules.applicablePolicies(graph, backend(), "example.edu", false)).isEmpty();
    }

    @Test
    void aPolicyWithoutRepositoriesAddsNoRepository() {
        SubmissionGraph graph = graph(List.of("example.edu"), List.of(),
                List.of(new EffectiveRepository(INSTITUTIONAL, null, false)));
        List<PolicyEntry> applicable = PolicyRules.applicablePolicies(graph, backend(), "example.edu", false);

        assertThat(PolicyRules.repositories(graph.effectiveRepositories(), applicable, false))
                .isEqualTo(new RepositoryChoice(List.of(), List.of()));
    }

    @Test
    void severalInstitutionalRepositoriesAloneAreAllRequired() {
        SubmissionGraph graph = graph(List.of("example.edu"), List.of(), Arrays.asList(
                new EffectiveRepository(INSTITUTIONAL, 12L, true), new EffectiveRepository(INSTITUTIONAL, 11L, true)));
        List<PolicyEntry> applicable = PolicyRules.applicablePolicies(graph, backend(), "example.edu", false);

        assertThat(PolicyRules.repositories(graph.effectiveRepositories(), applicable, false).required())
                .extracting(RepositoryEntry::url).containsExactly("11", "12");
    }

    private static Caller backend() {
        return new Caller("backend", true, null, Set.of("backend"), Set.of());
    }

    private static SubmissionGraph graph(List<String> submitterAffiliations, List<FunderRoute> routes,
                                         List<EffectiveRepository> repositories) {
        return new SubmissionGraph(60, SUBMITTER, submitterAffiliations, Set.of(PREPARER), routes, INSTITUTIONAL, repositories);
    }
}
