package org.submission.policy.rules;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.stream.Collectors;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.jboss.logging.Logger;
import org.submission.platform.error.ApiException;
import org.submission.platform.reload.ReloadingValue;
import org.submission.policy.config.RulesSettings;

/**
 * The rules of {@code POLICY_RULES_FILE}, read at start and again whenever the file changes
 * (a ConfigMap edit reaches every pod this way, without a restart). A file refused at start
 * stops the service with one line; a refused change keeps the last good rules.
 */
@ApplicationScoped
public class RulesFile {

    private static final Logger LOG = Logger.getLogger(RulesFile.class);
    /** Longest wait for the name lookup on the reload thread; the database's own timeouts come first. */
    private static final Duration LOOKUP = Duration.ofSeconds(10);
    static final String NAME = "policy-rules";

    private final RulesSettings settings;
    private final RuleSetLoader loader;
    private final MeterRegistry registry;
    private volatile ReloadingValue<RuleSet> watched;
    private volatile RulesNotices notices;

    public RulesFile(RulesSettings settings, RuleSetLoader loader, MeterRegistry registry) {
        this.settings = settings;
        this.loader = loader;
        this.registry = registry;
    }

    // after the seed loaders, which may be what creates the policies the file names
    void onStart(@Observes @Priority(jakarta.interceptor.Interceptor.Priority.PLATFORM_AFTER + 1000) StartupEvent event) {
        settings.file().ifPresent(path -> {
            RulesNotices said = new RulesNotices(registry, () -> watched == null ? null : watched.current(), Clock.systemUTC());
            notices = said;
            try {
                watched = ReloadingValue.start(NAME, path,
                        file -> said.noted(loader.load(Files.readAllBytes(file)).await().atMost(LOOKUP)),
                        settings.reloadPeriod(), registry);
            } catch (ReloadingValue.StartRefused refused) {
                LOG.error("POLICY_RULES_FILE refused: " + refused.getMessage());
                Quarkus.asyncExit(2);
            }
        });
    }

    void onStop(@Observes ShutdownEvent event) {
        if (watched != null) {
            watched.close();
        }
        if (notices != null) {
            notices.close();
        }
    }

    /**
     * The rules to answer with: {@link RuleSet#NONE} without a file. Read once per request, so a
     * request sees one whole version even while the file is replaced.
     */
    public RuleSet current() {
        if (settings.file().isEmpty()) {
            return RuleSet.NONE;
        }
        ReloadingValue<RuleSet> value = watched;
        RuleSet rules = value == null ? null : value.current();
        if (rules == null) {
            throw ApiException.unavailable("The policy rules (POLICY_RULES_FILE) are not read yet; retry shortly.", 2);
        }
        return rules;
    }

    /** Readiness of the rules, naming each inactive rule and what PASS lacks for it; null without a file. */
    HealthCheckResponse readiness() {
        ReloadingValue<RuleSet> value = watched;
        if (value == null) {
            return null;
        }
        HealthCheckResponse response = value.readiness();
        RuleSet rules = value.current();
        if (rules == null || rules.inactive().isEmpty()) {
            return response;
        }
        HealthCheckResponseBuilder builder = HealthCheckResponse.builder().name(response.getName())
                .status(response.getStatus() == HealthCheckResponse.Status.UP);
        response.getData().ifPresent(data -> data.forEach((key, detail) -> builder.withData(key, String.valueOf(detail))));
        return builder.withData("inactive", rules.inactive().stream().map(rule -> rule.key() + " (" + rule.missing() + ")")
                .collect(Collectors.joining("; "))).build();
    }
}
