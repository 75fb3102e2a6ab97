package org.submission.policy.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code POLICY_ANSWER_CACHE_*}: the submission graphs of recent answers, kept while PASS's own
 * writes can drop them (policy-service/README.md, "Answers kept between requests").
 */
@ConfigMapping(prefix = "policy.answer-cache")
public interface AnswerCacheSettings {

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
     * How often the listening connection proves it is alive and the notices' triggers are all in
     * place; a check unanswered for as long counts as a lost connection.
     */
    @WithDefault("2s")
    Duration checkPeriod();
}
