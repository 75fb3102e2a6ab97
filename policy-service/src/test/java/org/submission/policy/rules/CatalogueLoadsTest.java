package org.submission.policy.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.policy.rules.RuleSet.DatedRule;
import org.submission.policy.rules.RuleSet.Inactive;

/** The shipped catalogue, as it is: it loads, holds every policy of the funder survey, and adopts gradually. */
class CatalogueLoadsTest {

    /** Every key of the survey's two tables (funder policies in force for a US research university, 2026-12-01). */
    private static final List<String> SURVEY_KEYS = List.of("nih-2024", "nih-2008", "ahrq-2024", "ahrq-2016", "cdc-2024",
            "fda-2015", "doe-2023", "nsf-2026", "nsf-2016", "usda-2026", "usda-2022", "nasa-2023", "dod-2025", "nist-2015",
            "noaa-2015", "wellcome-2021", "hhmi-2026", "hhmi-2022", "gates-2025", "ukri-2022");

    @Test
    void theShippedCatalogueLoadsWithEveryRuleActiveWhenPassHasItsRecords() {
        assertThat(Catalogue.RULES.inactive()).isEmpty();
        assertThat(Catalogue.RULES.rules()).hasSameSizeAs(Catalogue.DOCUMENT.rules());
    }

    @Test
    void everyKeyOfTheSurveyIsInIt() {
        assertThat(Catalogue.RULES.rules()).extracting(rule -> rule.provenance().key()).containsAll(SURVEY_KEYS);
    }

    @Test
    void everyRuleNamesItsSourceAndTheDayItWasChecked() {
        for (DatedRule rule : Catalogue.RULES.rules()) {
            assertThat(rule.cited()).as(rule.provenance().key()).containsKeys("source", "checked", "confidence");
            assertThat(rule.provenance().url()).as(rule.provenance().key()).startsWith("https://");
        }
    }

    @Test
    void againstAPassWithoutItsRecordsEveryRuleIsInactiveAndNamed() {
        RuleDirectory empty = new RuleDirectory(Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), null, List.of());
        RuleSet rules = RuleResolver.resolve(Catalogue.DOCUMENT, empty);
        assertThat(rules.rules()).isEmpty();
        assertThat(rules.inactive()).extracting(Inactive::key).containsAll(SURVEY_KEYS);
    }

    @Test
    void noRuleRoutesNasaToPubMedCentral() {
        long pmc = Catalogue.COMPLETE.repositories().get("PubMed Central").get(0);
        assertThat(Catalogue.RULES.forFunder(Catalogue.funderOf("nasa")))
                .allSatisfy(rule -> assertThat(rule.requires().repositoryIds()).doesNotContain(pmc));
    }
}
