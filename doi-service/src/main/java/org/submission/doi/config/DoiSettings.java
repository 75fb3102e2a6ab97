package org.submission.doi.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * The DOI service settings ({@code doi.*}). The environment names PASS deployments already set
 * (DOI_SERVICE_MAILTO, REGISTRY_BASEURI, OALOOKUP_BASEURI; README, Service settings) carry no common prefix, so application.properties binds
 * them to {@code doi.mailto}, {@code doi.registry.base-uri} and {@code doi.oa-lookup.base-uri}.
 */
@ConfigMapping(prefix = "doi")
public interface DoiSettings {

    /** Contact address for the User-Agent and the lookup service's {@code email} parameter. */
    Optional<String> mailto();

    /** {@code <service name>/<version>}, the product part of the User-Agent. */
    String product();

    Upstream registry();

    @WithName("oa-lookup")
    Upstream oaLookup();

    Calls upstream();

    Cache cache();

    /** What a /doi/journal request for a DOI already in flight gets (DOI_SERVICE_SAME_DOI). */
    @WithDefault("reject")
    SameDoi sameDoi();

    enum SameDoi {
        /** 429 at once: one request per DOI at a time (the default, doi-service/README.md). */
        REJECT,
        /** The answer of the work in flight, for clients that treat a 429 as a failed lookup. */
        SHARE
    }

    interface Upstream {
        URI baseUri();
    }

    /** How each upstream is called. */
    interface Calls {
        /** Per attempt: opening a connection. */
        @WithDefault("2s")
        Duration connectTimeout();

        /** Per attempt: the longest silence while waiting for or reading the answer. */
        @WithDefault("10s")
        Duration readTimeout();

        /** Connections per upstream, kept open between calls. */
        @WithDefault("20")
        int poolSize();

        /** For the whole call including the retry. */
        @WithDefault("12s")
        Duration deadline();

        /** Pause before the one retry; the actual pause is this plus or minus the jitter. */
        @WithDefault("200ms")
        Duration retryBackoff();

        /** Fraction of the backoff by which the pause varies, 0 to 1. */
        @WithDefault("0.5")
        double retryJitter();

        /** An upstream body above this size is refused (502) as it streams in, never held whole. */
        @WithDefault("2M")
        @WithConverter(MemorySizeConverter.class)
        MemorySize maxBodySize();

        /**
         * Requests waiting for one of the upstream's {@link #poolSize()} connections, those whose
         * connection is still being opened included; beyond it a call fails at once with 503.
         */
        @WithDefault("50")
        int maxWaiting();

        CircuitBreaker circuitBreaker();
    }

    interface CircuitBreaker {
        /** Number of recent calls the failure ratio is computed over. */
        @WithDefault("20")
        int requestVolume();

        @WithDefault("0.5")
        double failureRatio();

        /** How long an open circuit answers at once before trying the upstream again. */
        @WithDefault("30s")
        Duration delay();
    }

    interface Cache {
        /** How long an upstream answer is reused; zero turns caching off. */
        @WithDefault("1h")
        Duration ttl();

        @WithDefault("10000")
        long maxEntries();

        /** Estimated heap the answers of one cache may take. */
        @WithDefault("16M")
        @WithConverter(MemorySizeConverter.class)
        MemorySize maxSize();
    }
}
