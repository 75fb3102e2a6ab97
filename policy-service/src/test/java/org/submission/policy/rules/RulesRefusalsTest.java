package org.submission.policy.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.reload.RejectedFile;

/** Every way a rules file is refused, each with the line an operator must look at. */
class RulesRefusalsTest {

    private static final String RULE = """
            version: 1
            repositories:
              "PubMed Central": [pmc.ncbi.nlm.nih.gov/]
            policies:
              - policy: "NIH Public Access Policy (2024)"
                funders: ["National Institutes of Health"]
                when: {accepted: {from: 2025-07-01}}
                requires: {repository: "PubMed Central", embargo-months: 0}
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            an unknown key                | funders:                 | funder:                  | 6 | unknown key "funder"
            a malformed date              | from: 2025-07-01         | from: 2025-13-01         | 7 | date "2025-13-01"
            an unknown policy title       | Access Policy (2024)     | Access Policy (2042)     | 5 | no policy "NIH Public Access Policy (2042)"
            an unknown funder             | National Institutes      | National Instituts       | 6 | no funder "National Instituts of Health"
            an unknown repository         | "PubMed Central", embargo | "PMC", embargo          | 8 | no repository "PMC"
            an ambiguous title            | NIH Public Access Policy (2024) | Twice              | 5 | names 2 records
            an unknown version word       | embargo-months: 0        | versions: [preprint]     | 8 | version "preprint"
            a wrong version               | version: 1               | version: 3               | 1 | "version: 1" or "version: 2" expected
            a negative embargo            | embargo-months: 0        | embargo-months: -3       | 8 | embargo-months
            an empty window               | from: 2025-07-01         | from: 2025-07-01, until: 2025-07-01 | 7 | is not after from
            a URL with a scheme           | [pmc.ncbi                | [https://pmc.ncbi        | 3 | without a scheme
            broken YAML                   | when: {accepted:         | when: {accepted: [       | 7 | not YAML
            """)
    void aRefusedFileNamesItsLineAndReason(String what, String replace, String by, int line, String reason) {
        assertThatThrownBy(() -> TestRules.resolved(RULE.replace(replace, by)))
                .isInstanceOfSatisfying(RejectedFile.class, refusal -> {
                    assertThat(refusal.line()).as(what).isEqualTo(line);
                    assertThat(refusal.reason()).as(what).contains(reason);
                });
    }

    @Test
    void theExampleIsTaken() {
        assertThat(TestRules.resolved(RULE).rules()).hasSize(1);
    }

    @Test
    void overlappingDatesOfTheSameFundersWithoutOtherwiseAreRefused() {
        String overlapping = RULE + """
                  - policy: "NIH Public Access Policy (2008)"
                    funders: ["example.edu:funder:nih"]
                    when: {accepted: {until: 2025-08-01}}
                """;
        assertThatThrownBy(() -> TestRules.resolved(overlapping))
                .isInstanceOfSatisfying(RejectedFile.class, refusal -> {
                    assertThat(refusal.line()).isEqualTo(9);
                    assertThat(refusal.reason()).contains("overlaps the dates of rule 1");
                });
    }

    @Test
    void overlappingDatesWithAnOtherwiseAreTaken() {
        String withOtherwise = RULE + """
                  - policy: "NIH Public Access Policy (2008)"
                    funders: ["National Institutes of Health"]
                    when: {accepted: {until: 2025-08-01}}
                  - policy: "NIH Public Access Policy (2008)"
                    funders: ["National Institutes of Health"]
                    when: otherwise
                """;
        assertThat(TestRules.resolved(withOtherwise).rules()).hasSize(3);
    }

    @Test
    void adjacentWindowsDoNotOverlap() {
        String adjacent = RULE + """
                  - policy: "NIH Public Access Policy (2008)"
                    funders: ["National Institutes of Health"]
                    when: {accepted: {until: 2025-07-01}}
                """;
        assertThat(TestRules.resolved(adjacent).rules()).hasSize(2);
    }

    @Test
    void anInstitutionalRuleMustNameTheInstitutionalPolicy() {
        String other = RULE.replace("[\"National Institutes of Health\"]", "[]");
        assertThatThrownBy(() -> TestRules.resolved(other))
                .isInstanceOfSatisfying(RejectedFile.class, refusal -> assertThat(refusal.reason()).contains("not the institutional policy"));
    }

    @Test
    void aRequiredRepositoryNeedsItsUrlPrefixes() {
        String without = RULE.replace("\"PubMed Central\": [pmc.ncbi.nlm.nih.gov/]", "\"Example Scholarship\": [ir.example.edu/]");
        assertThatThrownBy(() -> TestRules.resolved(without))
                .isInstanceOfSatisfying(RejectedFile.class, refusal -> {
                    assertThat(refusal.line()).isEqualTo(8);
                    assertThat(refusal.reason()).contains("no URL prefixes");
                });
    }
}
