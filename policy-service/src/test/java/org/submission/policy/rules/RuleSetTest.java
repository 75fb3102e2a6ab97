package org.submission.policy.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.submission.policy.rules.RuleSet.DatedRule;
import org.submission.policy.rules.RulesDocument.When;

class RuleSetTest {

    private static DatedRule rule(int number, Set<Long> funders) {
        return new DatedRule(number, "rule " + number, 100 + number, funders,
                new When(false, LocalDate.of(2020 + number, 1, 1), null, false), null);
    }

    private final DatedRule nihFirst = rule(1, Set.of(30L));
    private final DatedRule nsf = rule(2, Set.of(31L));
    private final DatedRule both = rule(3, Set.of(30L, 31L));
    private final DatedRule institution = rule(4, Set.of());
    private final DatedRule nihLast = rule(5, Set.of(30L));
    private final RuleSet rules = new RuleSet(List.of("submittedDate"), List.of(nihFirst, nsf, both, institution, nihLast), Map.of());

    @Test
    void aFundersRulesAreThoseNamingItInFileOrder() {
        assertThat(rules.forFunder(30)).containsExactly(nihFirst, both, nihLast);
        assertThat(rules.forFunder(31)).containsExactly(nsf, both);
    }

    @Test
    void aFunderNoRuleNamesHasNone() {
        assertThat(rules.forFunder(99)).isEmpty();
    }

    @Test
    void theInstitutionsRulesAreThoseNamingNoFunder() {
        assertThat(rules.forInstitution()).containsExactly(institution);
    }
}
