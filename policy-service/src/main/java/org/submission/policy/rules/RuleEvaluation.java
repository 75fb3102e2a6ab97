package org.submission.policy.rules;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.submission.policy.rules.RuleSet.DatedRule;
import org.submission.policy.rules.RulesDocument.When;
import org.submission.policy.rules.RulesDocument.When.GrantDate;
import org.submission.policy.rules.RulesDocument.When.Window;
import org.submission.policy.rules.SubmissionDates.Found;

/**
 * Which policy a funder, or the institution, gives one submission under a {@link RuleSet}: the
 * first rule whose {@code when} holds, in file order. Pure functions of loaded data.
 *
 * <p>A rule that needs a date the submission or its grant has none of, while every date it has
 * holds, makes it and every later rule of the same funder undecided: each policy they could give
 * is a candidate, so an author sees both rather than a guess. A funder whose rules all fail keeps
 * {@code Funder.policy}; the institution, whose rules only date its policy, then has none.
 */
public final class RuleEvaluation {

    /** The dates of the grant through which a funder is reached; null where PASS has none. */
    public interface Grant {
        long grantId();

        LocalDate grantEnd();

        LocalDate awarded();

        LocalDate started();
    }

    /**
     * A policy given; {@code undecided} says what is missing when it is only a candidate.
     * {@code reason} holds what a rule contributes to {@code ?explain=true} (empty: no rule, or no explain).
     */
    public record Choice(long policyId, Map<String, String> reason, String undecided, DatedRule rule) {
    }

    private RuleEvaluation() {
    }

    /** The funder's choice for a grant; {@code explain} builds the reasons. */
    public static List<Choice> forFunder(RuleSet rules, long funderId, Long funderPolicy, Grant grant, SubmissionDates dates,
                                         boolean explain) {
        return choose(rules.forFunder(funderId), funderPolicy, grant, dates, explain);
    }

    /** The institutional policy's choice: empty when it has rules and none holds. */
    public static List<Choice> forInstitution(RuleSet rules, long institutionalPolicy, SubmissionDates dates, boolean explain) {
        List<DatedRule> dated = rules.forInstitution();
        if (dated.isEmpty()) {
            return List.of(new Choice(institutionalPolicy, Map.of(), null, null));
        }
        return choose(dated, null, null, dates, explain);
    }

    private static List<Choice> choose(List<DatedRule> dated, Long fallback, Grant grant, SubmissionDates dates, boolean explain) {
        for (int i = 0; i < dated.size(); i++) {
            DatedRule rule = dated.get(i);
            String missing = null;
            boolean holds = true;
            When when = rule.when();
            if (!when.otherwise()) {
                for (Window window : when.windows()) {
                    LocalDate day = day(window.date(), window.grant(), grant, dates);
                    if (day == null) {
                        missing = missing != null ? missing : missing(window.date(), window.grant(), grant, dates);
                    } else {
                        holds &= window.contains(day);
                    }
                }
                if (when.activeOn() >= 0) {
                    Found on = dates.get(when.activeOn());
                    LocalDate end = grant == null ? null : grant.grantEnd();
                    if (on == null) {
                        missing = missing != null ? missing : dates.missing(when.activeOn());
                    } else {
                        holds &= end == null || !end.isBefore(on.day());
                    }
                }
            }
            if (holds && missing != null) {
                return undecided(dated.subList(i, dated.size()), fallback, missing, explain);
            }
            if (holds) {
                return List.of(new Choice(rule.policyId(), explain ? reason(rule, grant, dates) : Map.of(), null, rule));
            }
        }
        return fallback == null ? List.of() : List.of(new Choice(fallback, Map.of(), null, null));
    }

    private static LocalDate day(int date, GrantDate which, Grant grant, SubmissionDates dates) {
        if (which == null) {
            Found found = dates.get(date);
            return found == null ? null : found.day();
        }
        if (grant == null) {
            return null;
        }
        return switch (which) {
            case AWARDED -> grant.awarded();
            case STARTED -> grant.started();
            case ENDED -> grant.grantEnd();
        };
    }

    private static String missing(int date, GrantDate which, Grant grant, SubmissionDates dates) {
        if (which == null) {
            return dates.missing(date);
        }
        return grant == null ? "no grant: the institutional policy has no " + which.key
                : "no " + which.word + " date for grant " + grant.grantId();
    }

    private static List<Choice> undecided(List<DatedRule> rest, Long fallback, String missing, boolean explain) {
        List<Choice> candidates = new ArrayList<>();
        boolean otherwise = false;
        for (DatedRule rule : rest) {
            Map<String, String> reason = Map.of();
            if (explain) {
                reason = new LinkedHashMap<>();
                reason.put("rule", rule.label());
                if (rule.provenance() != null) {
                    reason.put("key", rule.provenance().key());
                    reason.putAll(rule.cited());
                }
            }
            candidates.add(new Choice(rule.policyId(), reason, missing, rule));
            if (!rule.when().needsDates()) {
                otherwise = true;
                break;
            }
        }
        if (!otherwise && fallback != null) {
            candidates.add(new Choice(fallback, Map.of(), missing, null));
        }
        return candidates;
    }

    private static Map<String, String> reason(DatedRule rule, Grant grant, SubmissionDates dates) {
        Map<String, String> reason = new LinkedHashMap<>();
        reason.put("rule", rule.label());
        if (rule.provenance() != null) {
            reason.put("key", rule.provenance().key());
        }
        When when = rule.when();
        StringBuilder approximate = new StringBuilder();
        if (!when.otherwise()) {
            for (Window window : when.windows()) {
                if (window.grant() == null) {
                    Found found = dates.get(window.date());
                    reason.put(dates.name(window.date()), found.describe());
                    approximate(approximate, dates.name(window.date()), found);
                } else {
                    reason.put(window.grant().key, day(-1, window.grant(), grant, dates).toString());
                }
            }
            if (when.activeOn() >= 0) {
                Found on = dates.get(when.activeOn());
                reason.putIfAbsent(dates.name(when.activeOn()), on.describe());
                approximate(approximate, dates.name(when.activeOn()), on);
                LocalDate end = grant == null ? null : grant.grantEnd();
                reason.put("grantEnd", end == null ? "none" : end.toString());
            }
        }
        if (!approximate.isEmpty()) {
            reason.put("approximate", approximate.toString());
        }
        reason.putAll(rule.cited());
        return reason;
    }

    private static void approximate(StringBuilder text, String name, Found found) {
        String said = name + " from " + found.source();
        if (found.approximate() && text.indexOf(said) < 0) {
            text.append(text.isEmpty() ? "" : "; ").append(said);
        }
    }
}
