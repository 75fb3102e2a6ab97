package org.submission.policy.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.policy.rules.VersionTwoRules.NCI_FUNDER;
import static org.submission.policy.rules.VersionTwoRules.NIH_FUNDER;
import static org.submission.policy.rules.VersionTwoRules.NSF_FUNDER;

import java.time.LocalDate;
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
import org.submission.policy.rules.VersionTwoRules;

/** The policies a version-2 file gives: by a grant's award date, a named date and its approximate source, a parent's rules. */
class VersionTwoPoliciesTest {

    private static final Caller BACKEND = new Caller("backend", true, null, Set.of(), Set.of());
    private static final RuleSet RULES = VersionTwoRules.resolved(VersionTwoRules.NSF);
    private static final long FUNDER_POLICY = 99;

    private static List<PolicyEntry> entries(String metadata, FunderRoute... routes) {
        SubmissionGraph graph = new SubmissionGraph(60, 1L, List.of(), Set.of(), List.of(routes), null, List.of(), metadata,
                LocalDate.parse("2026-03-01"));
        return PolicyRules.applicablePolicies(graph, BACKEND, null, true, RULES);
    }

    /** "41" decided, "21?" undecided, in answer order. */
    private static String answer(String metadata, FunderRoute... routes) {
        return entries(metadata, routes).stream().map(entry -> entry.id() + (entry.undecided() != null ? "?" : ""))
                .collect(Collectors.joining(","));
    }

    private static FunderRoute nsfGrant(String awarded) {
        return new FunderRoute(43, NSF_FUNDER, "primary", FUNDER_POLICY, null, awarded == null ? null : LocalDate.parse(awarded), null);
    }

    private static FunderRoute nihGrant(long funder, String ended) {
        return new FunderRoute(44, funder, "primary", FUNDER_POLICY, ended == null ? null : LocalDate.parse(ended), null, null);
    }

    @ParameterizedTest(name = "awarded {0}: {1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            2026-01-21 | 21
            2026-01-22 | 41
            2030-06-30 | 41
            -          | 21?,41?
            """)
    void theNsfRulesChooseByTheAwardDate(String awarded, String expected) {
        assertThat(answer("{}", nsfGrant(awarded))).isEqualTo(expected);
    }

    @Test
    void aMissingAwardDateNamesTheGrant() {
        assertThat(entries("{}", nsfGrant(null))).extracting(PolicyEntry::undecided)
                .containsOnly("no award date for grant 43");
    }

    @Test
    void theReasonCarriesTheRulesKeySourceConfidenceAndDisputes() {
        Map<String, String> reason = entries("{}", nsfGrant("2026-02-01")).get(0).reasons().get(0);
        assertThat(reason).containsExactly(Map.entry("grant", "43"), Map.entry("funder", String.valueOf(NSF_FUNDER)),
                Map.entry("role", "primary"), Map.entry("rule", "NSF Public Access Policy (2026) (rule 1)"),
                Map.entry("key", "nsf-2026"), Map.entry("grant.awarded", "2026-02-01"),
                Map.entry("source", "https://www.nsf.gov/policies/document/pappg24-1-supplement-2"),
                Map.entry("checked", "2026-11-30"), Map.entry("confidence", "verified"),
                Map.entry("disputed", "https://www.chorusaccess.org/resources/chorus-funder-participants/ says awards from 2026-12-31"));
    }

    @Test
    void anUnverifiedRuleSaysSo() {
        assertThat(entries("{}", nsfGrant("2025-02-01")).get(0).reasons().get(0))
                .containsEntry("key", "nsf-2016").containsEntry("confidence", "unverified");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            the accepted date                         | {"acceptedDate": "2025-08-01", "publicationDate": "2025-06-01"} | 2025-08-01 from metadata.acceptedDate    | -
            the publication date standing in for it   | {"publicationDate": "2025-08-01"}                              | 2025-08-01 from metadata.publicationDate | accepted from metadata.publicationDate
            """)
    void aDateFromAnApproximateSourceIsSaidSo(String what, String metadata, String accepted, String approximate) {
        Map<String, String> reason = entries(metadata, nihGrant(NIH_FUNDER, "2030-01-01")).get(0).reasons().get(0);
        assertThat(reason).as(what).containsEntry("key", "nih-2024").containsEntry("accepted", accepted);
        if (approximate == null) {
            assertThat(reason).as(what).doesNotContainKey("approximate");
        } else {
            assertThat(reason).as(what).containsEntry("approximate", approximate);
        }
    }

    @ParameterizedTest(name = "accepted {0}, grant ending {1}: {2}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            2025-06-30 | -          | 20
            2025-07-01 | -          | 24
            2025-07-02 | 2025-07-01 | 20
            -          | -          | 20?,24?
            """)
    void aChildFunderGetsItsParentsPolicies(String accepted, String ended, String expected) {
        String metadata = accepted == null ? "{}" : "{\"acceptedDate\": \"" + accepted + "\"}";
        assertThat(answer(metadata, nihGrant(NCI_FUNDER, ended))).isEqualTo(expected);
    }

    @Test
    void twoFundersOnOneSubmissionEachGiveTheirPolicy() {
        assertThat(answer("{\"acceptedDate\": \"2025-08-01\"}", nsfGrant("2026-02-01"), nihGrant(NIH_FUNDER, null)))
                .isEqualTo("24,41");
    }
}
