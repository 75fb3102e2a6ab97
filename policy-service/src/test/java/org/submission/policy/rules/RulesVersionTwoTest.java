package org.submission.policy.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.submission.policy.rules.VersionTwoRules.LOCAL_KEY_FUNDER;
import static org.submission.policy.rules.VersionTwoRules.NCI_FUNDER;
import static org.submission.policy.rules.VersionTwoRules.NIH_FUNDER;
import static org.submission.policy.rules.VersionTwoRules.NSF;
import static org.submission.policy.rules.VersionTwoRules.NSF_FUNDER;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.reload.RejectedFile;
import org.submission.policy.rules.RuleSet.DatedRule;
import org.submission.policy.rules.RuleSet.Inactive;

/** Version 2 of the rules file: what it is refused for, with the line, and how its funder table reaches PASS's funders. */
class RulesVersionTwoTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            an unknown date in when       | grant.awarded: {from     | grant.award: {from       | 18 | unknown key "grant.award"
            a date name not defined       | grant.awarded: {from     | approved: {from          | 18 | unknown key "approved"
            grant-active-on no date       | grant-active-on: accepted | grant-active-on: funded | 37 | "funded" is not a named date
            a funder not in the table     | funders: [nsf]           | funders: [nsff]          | 16 | "nsff" is not a key of funders
            a key given twice             | key: nsf-2016            | key: nsf-2026            | 26 | key "nsf-2026" given to two rules
            a rule without a key          | - key: nsf-2016          | - policy-url: x          | 26 | has no key
            a source without checked      | checked: 2026-11-30, confidence | confidence      | 31 | the day it was checked
            a confidence word unknown     | confidence: unverified   | confidence: likely       | 31 | "verified" or "unverified"
            a dispute without says        | says: "awards from 2026-12-31" | note: x            | 25 | unknown key "note"
            an unknown parent             | parent: nih              | parent: nihh             | 8  | parent "nihh" is not a funder key
            a malformed Funder ID         | ["10.13039/100000054"]   | ["100000054"]            | 8  | a Crossref Funder ID
            a malformed ROR               | ["https://ror.org/01cwqze88"] | ["01cwqze88"]       | 7  | a ROR id
            an unknown licence word       | licences: [cc-by, cc0]   | licences: [CC BY]        | 38 | licence "CC BY"
            missing-records unknown       | version: 2               | version: 2\\nmissing-records: skip | 2 | "inactive" or "refuse"
            an approximate source unknown | {source: submittedDate, approximate: true} | {source: submittedDay} | 5 | date source "submittedDay"
            a registry date unknown       | [metadata.acceptedDate, { | [registry.acceptance, { | 3 | the registry's dates are registry.accepted, registry.published-online
            """)
    void aRefusedVersionTwoFileNamesItsLineAndReason(String what, String replace, String by, int line, String reason) {
        String yaml = NSF.replace(replace, by.replace("\\n", "\n"));
        assertThat(yaml).as(what).isNotEqualTo(NSF);
        assertThatThrownBy(() -> VersionTwoRules.resolved(yaml))
                .isInstanceOfSatisfying(RejectedFile.class, refusal -> {
                    assertThat(refusal.reason()).as(what).contains(reason);
                    assertThat(refusal.line()).as(what).isEqualTo(line);
                });
    }

    @Test
    void theNsfExampleIsTaken() {
        assertThat(VersionTwoRules.resolved(NSF).rules()).extracting(rule -> rule.provenance().key())
                .containsExactly("nsf-2026", "nsf-2016", "nih-2024", "nih-2008");
    }

    @Test
    void aFunderIsKnownByItsNameIgnoringCaseAndSpacingOrByItsLocalKey() {
        RuleSet rules = VersionTwoRules.resolved(NSF);
        assertThat(keys(rules, NSF_FUNDER)).containsExactly("nsf-2026", "nsf-2016");
        assertThat(keys(rules, LOCAL_KEY_FUNDER)).containsExactly("nsf-2026", "nsf-2016");
    }

    @Test
    void aChildFunderGetsItsParentsRules() {
        RuleSet rules = VersionTwoRules.resolved(NSF);
        assertThat(keys(rules, NCI_FUNDER)).containsExactly("nih-2024", "nih-2008");
        assertThat(keys(rules, NIH_FUNDER)).containsExactly("nih-2024", "nih-2008");
    }

    @Test
    void aChildFunderARuleNamesGetsOnlyItsOwnRules() {
        RuleSet rules = VersionTwoRules.resolved(NSF + """
                  - key: nci-own
                    policy: "NCI Policy"
                    funders: [nci]
                    source: {url: "https://www.cancer.gov/", checked: 2026-11-30}
                """);
        assertThat(keys(rules, NCI_FUNDER)).containsExactly("nci-own");
        assertThat(keys(rules, NIH_FUNDER)).containsExactly("nih-2024", "nih-2008");
    }

    @Test
    void aPassFunderMatchedByTwoTableFundersIsRefusedNamingBoth() {
        String twice = NSF.replace("nci: {names: [\"National Cancer Institute\"]", "nci: {names: [\"National Cancer Institute\", \"NIH\"]")
                .replace("funders:\n  nih: {names: [\"National Institutes of Health\", \"NIH\"]", "funders:\n  nih: {names: [\"NIH\"]")
                .replace("nsf: {names: [\"National Science Foundation\", \"NSF\"]", "nsf: {names: [\"National Science Foundation\", \"national cancer institute\"]");
        assertThatThrownBy(() -> VersionTwoRules.resolved(twice))
                .isInstanceOfSatisfying(RejectedFile.class, refusal -> assertThat(refusal.reason())
                        .contains("PASS funder id:" + NCI_FUNDER).contains("both nci and nsf"));
    }

    @Test
    void aRuleNamingRecordsPassLacksIsRefusedByDefault() {
        String missing = NSF.replace("policy: \"NSF Public Access Policy (2026)\"", "policy: \"NSF Public Access Policy (2027)\"");
        assertThatThrownBy(() -> VersionTwoRules.resolved(missing))
                .isInstanceOfSatisfying(RejectedFile.class, refusal -> assertThat(refusal.line()).isEqualTo(15));
    }

    @Test
    void missingRecordsInactiveSkipsTheRulesNamingWhatPassLacksAndNamesThem() {
        RuleSet rules = VersionTwoRules.resolved(NSF.replace("version: 2", "version: 2\nmissing-records: inactive")
                .replace("policy: \"NSF Public Access Policy (2026)\"", "policy: \"NSF Public Access Policy (2027)\"")
                .replace("{repository: \"PubMed Central\", versions: [acceptedVersion, publishedVersion], licences",
                        "{repository: [\"PubMed Central\", \"Europe PMC\"], versions: [acceptedVersion, publishedVersion], licences"));
        assertThat(rules.inactive()).containsExactly(
                new Inactive("nsf-2026", "no policy \"NSF Public Access Policy (2027)\""),
                new Inactive("nih-2024", "no repository \"Europe PMC\""));
        assertThat(keys(rules, NSF_FUNDER)).containsExactly("nsf-2016");
        assertThat(keys(rules, NIH_FUNDER)).containsExactly("nih-2008");
    }

    @Test
    void aTableFunderNoPassFunderIsMakesItsRulesInactive() {
        RuleSet rules = VersionTwoRules.resolved(NSF.replace("version: 2", "version: 2\nmissing-records: inactive")
                .replace("funders:\n  nih:", "funders:\n  ukri: {names: [\"UK Research and Innovation\"]}\n  nih:") + """
                  - key: ukri-2022
                    policy: "NIH Public Access Policy (2008)"
                    funders: [ukri]
                    source: {url: "https://www.ukri.org/", checked: 2026-11-30}
                """);
        assertThat(rules.inactive()).containsExactly(new Inactive("ukri-2022", "no PASS funder for ukri"));
    }

    @Test
    void aRuleWhoseSourceWasCheckedOverAYearAgoIsUnchecked() {
        RuleSet rules = VersionTwoRules.resolved(NSF);
        assertThat(rules.unchecked(LocalDate.parse("2026-11-30"))).isEmpty();
        assertThat(rules.unchecked(LocalDate.parse("2026-12-01"))).containsExactly("nih-2024");
    }

    private static java.util.List<String> keys(RuleSet rules, long funder) {
        return rules.forFunder(funder).stream().map(DatedRule::provenance).map(p -> p.key()).toList();
    }
}
