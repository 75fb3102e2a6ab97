package org.submission.policy.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** {@code POLICY_RULES_FILE} and how often it is read again (policy-service/README.md, "Rules"). */
@ConfigMapping(prefix = "policy.rules")
public interface RulesSettings {

    /** The rules file (YAML); unset: no rules, every answer as without this feature. */
    Optional<Path> file();

    /** How often the file is read again; well under the 10 s in which a change reaches every pod. */
    @WithDefault("2s")
    Duration reloadPeriod();

    /**
     * The longest submission metadata text (UTF-8 bytes) the rules and the compliance answer read
     * fields from; a longer one is not even fetched and has none of them.
     */
    @WithDefault("256K")
    MemorySize metadataMaxBytes();

    /**
     * The metadata text one page of a dry run's replay fetches at most (UTF-8 bytes): what a dry
     * run holds at once, beside a few hundred bytes per submission replayed.
     */
    @WithDefault("4M")
    MemorySize dryRunPageBytes();
}
