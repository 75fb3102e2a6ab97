package org.submission.policy.rules;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * What an operator must hear of the mounted rules besides a refusal: the rules skipped for a PASS
 * record not there yet ({@code missing-records: inactive}), and those whose source was last
 * checked over a year ago. Each named once in the log (a reload of the same file says nothing
 * new), counted in {@code policy_rules_inactive} and {@code policy_rules_unchecked}.
 */
final class RulesNotices {

    private static final Logger LOG = Logger.getLogger(RulesNotices.class);

    private final Set<String> said = ConcurrentHashMap.newKeySet();
    private final Clock clock;
    private final MeterRegistry registry;
    private final Gauge inactive;
    private final Gauge unchecked;

    RulesNotices(MeterRegistry registry, Supplier<RuleSet> current, Clock clock) {
        this.clock = clock;
        this.registry = registry;
        this.inactive = Gauge.builder("policy.rules.inactive", () -> rules(current).inactive().size())
                .description("rules of the rules file skipped because PASS lacks a record they name").register(registry);
        this.unchecked = Gauge.builder("policy.rules.unchecked", () -> rules(current).unchecked(LocalDate.now(clock)).size())
                .description("rules of the rules file whose source was last checked over a year ago").register(registry);
    }

    /** Removes the gauges: a registry outliving the service (a test's restart) would otherwise keep reading these rules. */
    void close() {
        registry.remove(inactive);
        registry.remove(unchecked);
    }

    /** Logs what the rules newly taken into use have to say; returns them. */
    RuleSet noted(RuleSet rules) {
        for (RuleSet.Inactive inactive : rules.inactive()) {
            if (said.add("inactive " + inactive.key() + ": " + inactive.missing())) {
                LOG.warnf("policy rule %s is inactive: %s (missing-records: inactive)", inactive.key(), inactive.missing());
            }
        }
        for (String key : rules.unchecked(LocalDate.now(clock))) {
            if (said.add("unchecked " + key)) {
                LOG.warnf("policy rule %s: its source was last checked over a year ago; check it and its checked day", key);
            }
        }
        return rules;
    }

    private static RuleSet rules(Supplier<RuleSet> current) {
        RuleSet rules = current.get();
        return rules == null ? RuleSet.NONE : rules;
    }
}
