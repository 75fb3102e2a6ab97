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
 * The DOI service settings ({@code doi.*}), each default here and nowhere else. Each is set by its
 * own environment name ({@code DOI_UPSTREAM_DEADLINE} for {@code doi.upstream.deadline}); the names
 * PASS deployments already set, which carry no common prefix ({@code DOI_SERVICE_MAILTO},
 * {@code REGISTRY_BASEURI}, …), are bound by {@link EnvironmentNames}. The settings reference
 * (docs/settings.md) lists them all, and a test keeps it true.
 */
@ConfigMapping(prefix = "doi")
public interface DoiSettings {

    /** Contact address for the User-Agent and both upstreams' address parameter; blank is unset. */
    @WithConverter(Trimmed.class)
    Optional<String> mailto();

    /** {@code <service name>/<version>}, the product part of the User-Agent. */
    String product();

    Registry registry();

    @WithName("oa-lookup")
    OaLookup oaLookup();

    Calls upstream();

    Cache cache();

    /** Crossref Metadata Plus token (DOI_SERVICE_CROSSREF_PLUS_TOKEN), sent as {@code Crossref-Plus-API-Token: Bearer …}; blank is unset. */
    @WithConverter(Trimmed.class)
    Optional<String> crossrefPlusToken();

    /**
     * How long a lookup's lease in PostgreSQL lasts (DOI_SERVICE_LEASE_TIMEOUT): the longest a
     * pod that died mid-lookup keeps the DOI from the others. At most 30 s (larger is cut to it).
     */
    @WithDefault("30s")
    Duration leaseTimeout();

    /**
     * The longest a statement coordinating the pods may take (DOI_SERVICE_COORDINATION_TIMEOUT);
     * past it, or when the database cannot be reached, the request gets 503 without an upstream call.
     */
    @WithDefault("2s")
    Duration coordinationTimeout();

    /**
     * Lookups past its memory one pod runs at once, whoever asks, each counting until it ends:
     * bounds the turns under an upstream's rate booked ahead of a newcomer, who takes the next
     * place to free (DOI_LOOKUP_CONCURRENCY).
     */
    @WithDefault("8")
    int lookupConcurrency();

    /**
     * Lookups that may wait for one of those places on one pod (DOI_LOOKUP_QUEUE); one caller alone
     * may take them all, a newcomer pushes out the newest waiter of a caller holding more, and a
     * caller past them gets 429.
     */
    @WithDefault("64")
    int lookupQueue();

    /** What a /doi/journal request for a DOI already in flight gets (DOI_SERVICE_SAME_DOI). */
    @WithDefault("reject")
    SameDoi sameDoi();

    enum SameDoi {
        /** 429 at once: one request per DOI at a time (the default, doi-service/README.md). */
        REJECT,
        /** The answer of the work in flight, for clients that treat a 429 as a failed lookup. */
        SHARE
    }

    /** The registry (Crossref), REGISTRY_BASEURI. */
    interface Registry {
        @WithDefault("https://api.crossref.org/works/")
        URI baseUri();

        /**
         * Registry calls open at once, summed over all pods (DOI_REGISTRY_CONCURRENCY): Crossref's
         * polite pool allows 3 single-record requests at a time; 0 is no bound, at most 64.
         */
        @WithDefault("3")
        int concurrency();
    }

    /** The open-access lookup service (Unpaywall), OALOOKUP_BASEURI. */
    interface OaLookup {
        @WithDefault("https://api.unpaywall.org/v2/")
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

        /**
         * For the whole call including the retry: below the 10 s shutdown timeout with the
         * database's limits (2 s + 2 s) added, so a lookup under way at SIGTERM ends before the
         * service stops.
         */
        @WithDefault("5s")
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

        /**
         * Whether a request to an upstream carries the trace context (W3C {@code traceparent}) of
         * the call it serves; off by default, since trace ids are internal. Each call has its span
         * either way.
         */
        @WithDefault("false")
        boolean propagateTrace();

        CircuitBreaker circuitBreaker();

        /**
         * Calls per second per upstream, summed over all pods, until the upstream announces its
         * own rate (X-Rate-Limit-Limit / X-Rate-Limit-Interval); 0: no limit until then.
         */
        @WithDefault("10")
        int defaultRate();

        /**
         * How much wider than the announced rate calls are spaced (0.1: 10 %), so that calls
         * starting a little late (timers, a busy CPU) do not put more than the limit into one interval.
         */
        @WithDefault("0.1")
        double rateMargin();

        /** The longest a request waits for its turn under the rate; past it 503 with Retry-After. */
        @WithDefault("5s")
        Duration rateWait();

        /**
         * The widest spacing between calls an announced rate may set, the margin included: the
         * registry announces 50 or 10 calls per second, and a hostile or mistaken announcement of
         * one call per hour must not stop every lookup.
         */
        @WithDefault("2s")
        Duration maxSpacing();

        /** The longest pause an upstream's Retry-After may set (a 429, or a 503 with Retry-After). */
        @WithDefault("1h")
        Duration maxPause();
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

        /** How long a "not found" answer is reused (capped by {@link #ttl()}). */
        @WithDefault("10m")
        Duration notFoundTtl();

        /** Rows of the answer table shared by all pods (both upstreams together). */
        @WithDefault("50000")
        long sharedMaxRows();

        /** Bytes of answer bodies in that table (both upstreams together); soft between two purges. */
        @WithDefault("256M")
        @WithConverter(MemorySizeConverter.class)
        MemorySize sharedMaxBytes();

        /** How often a pod purges expired and excess rows from that table. */
        @WithDefault("1m")
        Duration purgeInterval();
    }
}
