package org.submission.policy.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code POLICY_ANSWER_CACHE_*} (the operators' names, kept): the bounds of {@code GraphCache}, the
 * submission graphs of recent answers, kept while PASS's own writes can drop them
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

    /** A graph is read again after this long even without a notice, in case one was ever lost. */
    @WithDefault("10m")
    Duration maxAge();

    /**
     * How often PASS's change log is read: the longest a kept graph may outlive a change, plus the
     * read's own time. Each read also counts the log's triggers.
     */
    @WithDefault("100ms")
    Duration readPeriod();

    /** A read of PASS's change log unanswered for this long empties the cache and keeps nothing until one answers. */
    @WithDefault("2s")
    Duration checkPeriod();
}
