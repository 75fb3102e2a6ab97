package org.submission.policy.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code POLICY_ANSWER_CACHE_*} (the operators' names, kept): the bounds of {@code GraphCache}, the
 * submission graphs of recent answers, each served only while its PASS rows are unchanged
 * (policy-service/README.md, "Answers kept between requests").
 */
@ConfigMapping(prefix = "policy.answer-cache")
public interface GraphCacheSettings {

    /**
     * The graphs kept at most, in bytes of heap as {@code GraphCache} estimates them (a graph with a
     * few grants about 1 KB; with a submission's metadata, read for policy rules, more); 0 turns the cache off.
     */
    @WithDefault("16M")
    MemorySize size();

    /** A graph is read again after this long even while its rows are unchanged, with whatever was kept with it. */
    @WithDefault("10m")
    Duration maxAge();

    /**
     * How often PASS's change counter is read: the longest a backend account's kept answer may
     * outlive a change, plus the read's own time. Each read also counts the counter's triggers.
     */
    @WithDefault("100ms")
    Duration readPeriod();

    /** A read of the counter unanswered for this long has every kept graph read again or checked until one answers. */
    @WithDefault("2s")
    Duration checkPeriod();
}
