package org.submission.policy.rules;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.submission.policy.rules.AcceptedDate.Found;
import org.submission.policy.rules.RuleSet.DatedRule;
import org.submission.policy.rules.RulesDocument.When;

/**
 * Which policy a funder, or the institution, gives one submission under a {@link RuleSet}: the
 * first rule whose {@code when} holds, in file order. Pure functions of loaded data.
 *
 * <p>A rule that needs the accepted date of a submission that has none makes it and every later
 * rule of the same funder undecided: each policy they could give is a candidate, so an author sees
 * both rather than a guess. A funder whose rules all fail keeps {@code Funder.policy}; the
 * institution, whose rules only date its policy, then has none.
 */
public final class RuleEvaluation {

    /**
     * A policy given; {@code undecided} says what is missing when it is only a candidate.
     * {@code reason} holds what a rule contributes to {@code ?explain=true} (empty: no rule).
     */
    public record Choice(long policyId, Map<String, String> reason, String undecided, DatedRule rule) {
    }

    private RuleEvaluation() {
    }

    /** The funder's choice for a grant ending on {@code grantEnd} (null: no end date). */
    public static List<Choice> forFunder(RuleSet rules, long funderId, Long funderPolicy, LocalDate grantEnd,
                                         Optional<Found> accepted) {
        return choose(rules.forFunder(funderId), funderPolicy, grantEnd, accepted, rules.accepted());
    }

    /** The institutional policy's choice: empty when it has rules and none holds. */
    public static List<Choice> forInstitution(RuleSet rules, long institutionalPolicy, Optional<Found> accepted) {
        List<DatedRule> dated = rules.forInstitution();
        if (dated.isEmpty()) {
            return List.of(new Choice(institutionalPolicy, Map.of(), null, null));
        }
        return choose(dated, null, null, accepted, rules.accepted());
    }

    private static List<Choice> choose(List<DatedRule> dated, Long fallback, LocalDate grantEnd, Optional<Found> accepted,
                                       List<String> sources) {
        for (int i = 0; i < dated.size(); i++) {
            DatedRule rule = dated.get(i);
            When when = rule.when();
            if (when.needsAcceptedDate() && accepted.isEmpty()) {
                return undecided(dated.subList(i, dated.size()), fallback, "no accepted date (" + String.join(", ", sources) + ")");
            }
            if (holds(when, accepted, grantEnd)) {
                return List.of(new Choice(rule.policyId(), reason(rule, accepted, grantEnd), null, rule));
            }
        }
        return fallback == null ? List.of() : List.of(new Choice(fallback, Map.of(), null, null));
    }

    static boolean holds(When when, Optional<Found> accepted, LocalDate grantEnd) {
        if (when.otherwise() || !when.needsAcceptedDate()) {
            return true;
        }
        LocalDate day = accepted.orElseThrow().day();
        return (when.from() == null || !day.isBefore(when.from()))
                && (when.until() == null || day.isBefore(when.until()))
                && (!when.grantActiveOnAccepted() || grantEnd == null || !grantEnd.isBefore(day));
    }

    private static List<Choice> undecided(List<DatedRule> rest, Long fallback, String missing) {
        List<Choice> candidates = new ArrayList<>();
        boolean otherwise = false;
        for (DatedRule rule : rest) {
            Map<String, String> reason = new LinkedHashMap<>();
            reason.put("rule", rule.label());
            candidates.add(new Choice(rule.policyId(), reason, missing, rule));
            if (!rule.when().needsAcceptedDate()) {
                otherwise = true;
                break;
            }
        }
        if (!otherwise && fallback != null) {
            candidates.add(new Choice(fallback, Map.of(), missing, null));
        }
        return candidates;
    }

    private static Map<String, String> reason(DatedRule rule, Optional<Found> accepted, LocalDate grantEnd) {
        Map<String, String> reason = new LinkedHashMap<>();
        reason.put("rule", rule.label());
        if (rule.when().needsAcceptedDate()) {
            reason.put("accepted", accepted.orElseThrow().describe());
        }
        if (rule.when().grantActiveOnAccepted()) {
            reason.put("grantEnd", grantEnd == null ? "none" : grantEnd.toString());
        }
        return reason;
    }
}
