package org.submission.doi.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The DOI service's own meters (docs/operator-guide.md, "Observe"). Every tag takes a value
 * from a fixed list: the upstream's name, an outcome, a cache level; never a DOI. All series are
 * registered at start, so that dashboards and alerts see zeros rather than nothing.
 */
@ApplicationScoped
public class DoiMetrics {

    public static final List<String> UPSTREAMS = List.of("Crossref", "Unpaywall");
    /** Outcomes of an upstream call: ok, not_found, or a failure kind (UpstreamFailure), circuit_open, deadline. */
    public static final List<String> CALL_OUTCOMES = List.of("ok", "not_found", "rate_limited", "redirected", "refused",
            "server_error", "connection", "bad_body", "too_large", "busy", "timeout", "circuit_open", "failed");

    /**
     * The fields of each upstream's answers the services rely on (doi-service/README.md, "Upstream
     * limits and fields"): Crossref's journal and dates, Unpaywall's record and, for a record with
     * locations, the members of its locations ({@code oa_locations.version}: no location has one).
     */
    public static final Map<String, List<String>> RELIED_ON_FIELDS = Map.of(
            "Crossref", List.of("container-title", "ISSN", "issn-type", "issued"),
            "Unpaywall", List.of("oa_locations", "oa_status", "published_date", "oa_locations.url_for_pdf", "oa_locations.is_best",
                    "oa_locations.version", "oa_locations.license", "oa_locations.host_type", "oa_locations.url_for_landing_page",
                    "oa_locations.oa_date", "oa_locations.repository_institution"));

    private static final Duration[] LATENCY_BUCKETS = {Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
        Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10)};

    private final MeterRegistry registry;
    private final Map<String, Timer> calls = new ConcurrentHashMap<>();
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Timer> rateWaits = new ConcurrentHashMap<>();
    private final Counter coordinationFailures;
    private final Counter callerRefusals;
    private final Counter journalConflicts;

    public DoiMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (String upstream : UPSTREAMS) {
            CALL_OUTCOMES.forEach(outcome -> call(upstream, outcome));
            for (String level : List.of("memory", "shared")) {
                for (String result : List.of("hit", "miss")) {
                    counters.put("doi.cache.lookups|" + upstream + "|" + level + "|" + result, Counter.builder("doi.cache.lookups")
                            .description("Answer cache lookups: memory (this pod) and shared (PostgreSQL)")
                            .tag("upstream", upstream).tag("level", level).tag("result", result).register(registry));
                }
            }
            List.of("joined", "rejected").forEach(outcome -> singleFlightCounter(upstream, outcome));
            List.of("paused", "no_turn", "no_place").forEach(reason -> refusalCounter(upstream, reason));
            RELIED_ON_FIELDS.get(upstream).forEach(field -> missingFieldCounter(upstream, field));
            pauseCounter(upstream);
            rateWait(upstream);
        }
        this.callerRefusals = Counter.builder("submission.caller.refusals").tag("share", "lookups")
                .description("Requests refused (429) because their caller had its share under way").register(registry);
        this.journalConflicts = Counter.builder("doi.journal.conflicts")
                .description("Journal lookups whose registry record pointed at more than one PASS journal (by ISSN or name);"
                        + " the best match was answered and no journal was written").register(registry);
        this.coordinationFailures = Counter.builder("doi.coordination.failures")
                .description("Statements coordinating the pods through PostgreSQL that failed or took too long;"
                        + " the request was answered 503 without an upstream call (or the pod went on alone)."
                        + " A database without the coordination tables is doi_coordination_tables 0, not a failure").register(registry);
    }

    /** 1 while the database holds the coordination tables, 0 while each pod works alone without them. */
    public void coordinationTables(java.util.function.IntSupplier present) {
        Gauge.builder("doi.coordination.tables", present::getAsInt)
                .description("1: the pods coordinate through the database's DOI tables; 0: the database has none"
                        + " (deploy/db/owner-setup.sql creates them) and each pod looks DOIs up alone").register(registry);
    }

    /**
     * What this pod has learnt of an upstream's pace: the spacing between calls in effect, the end
     * of a pause it asked for, and the announcements it could not read as values in range.
     */
    public void pace(String upstream, LongSupplier spacingMillis, LongSupplier pausedUntilMillis, LongSupplier ignored) {
        Gauge.builder("doi.upstream.spacing", () -> spacingMillis.getAsLong() / 1000.0).baseUnit("seconds")
                .description("Spacing between two calls to the upstream in effect across the pods, as this pod last learnt it (0: no rate)")
                .tag("upstream", upstream).register(registry);
        Gauge.builder("doi.upstream.paused.until", () -> pausedUntilMillis.getAsLong() / 1000.0).baseUnit("seconds")
                .description("Epoch seconds until which the upstream asked for a pause (past: not paused)")
                .tag("upstream", upstream).register(registry);
        FunctionCounter.builder("doi.upstream.announcements.ignored", ignored, LongSupplier::getAsLong)
                .description("Rate announcements (X-Rate-Limit-*) that could not be read as values in range and were ignored")
                .tag("upstream", upstream).register(registry);
    }

    /** A request refused because its caller had its share of requests under way on this pod. */
    public void callerRefusal() {
        callerRefusals.increment();
    }

    /** A registry record that pointed at more than one PASS journal: nothing was written. */
    public void journalConflict() {
        journalConflicts.increment();
    }

    /** The bytes of answer bodies in the shared cache, as this pod last read them. */
    public void sharedCache(LongSupplier bytes) {
        Gauge.builder("doi.shared.cache", bytes::getAsLong).baseUnit("bytes")
                .description("Bytes of answer bodies in the answer cache shared by the pods (PostgreSQL)").register(registry);
    }

    /** Records one upstream call (retry included) and how long it took. */
    public void call(String upstream, String outcome, long nanos) {
        call(upstream, outcome).record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    public void cache(String upstream, String level, boolean hit) {
        counters.get("doi.cache.lookups|" + upstream + "|" + level + "|" + (hit ? "hit" : "miss")).increment();
    }

    /** A request that met a lookup of the same DOI in flight on this or another pod: joined it, or was rejected (429). */
    public void singleFlight(String upstream, String outcome) {
        singleFlightCounter(upstream, outcome).increment();
    }

    /** A request answered 503 without a call: the upstream paused us, or no turn came within the wait. */
    public void rateRefusal(String upstream, String reason) {
        refusalCounter(upstream, reason).increment();
    }

    /** The upstream asked for a pause (429, or 503 with Retry-After). */
    public void pause(String upstream) {
        pauseCounter(upstream).increment();
    }

    /** A call that waited for its turn under the upstream's rate. */
    public void rateWait(String upstream, long millis) {
        rateWait(upstream).record(Duration.ofMillis(millis));
    }

    public void coordinationFailure() {
        coordinationFailures.increment();
    }

    private Timer call(String upstream, String outcome) {
        return calls.computeIfAbsent(upstream + "|" + outcome, k -> Timer.builder("doi.upstream.calls")
                .description("Upstream calls (a retry included) by upstream and outcome")
                .tag("upstream", upstream).tag("outcome", outcome.toLowerCase(Locale.ROOT))
                .serviceLevelObjectives(LATENCY_BUCKETS).register(registry));
    }

    private Counter singleFlightCounter(String upstream, String outcome) {
        return counter("doi.single.flight", "Requests that met a lookup of the same DOI in flight on any pod",
                upstream, "outcome", outcome);
    }

    private Counter refusalCounter(String upstream, String reason) {
        return counter("doi.rate.limit.refusals", "Requests answered 503 under an upstream's rate or pause, without a call",
                upstream, "reason", reason);
    }

    /** An upstream's answer lacked a field the services rely on (one of {@link #RELIED_ON_FIELDS}). */
    public void missingField(String upstream, String field) {
        missingFieldCounter(upstream, field).increment();
    }

    private Counter missingFieldCounter(String upstream, String field) {
        return counter("doi.upstream.missing.fields", "Upstream answers lacking a field the services rely on (an upstream"
                + " that deleted or renamed it); each answer counts once per field", upstream, "field", field);
    }

    private Counter pauseCounter(String upstream) {
        return counter("doi.rate.limit.pauses", "Pauses an upstream asked for (429, or 503 with Retry-After)",
                upstream, null, null);
    }

    private Timer rateWait(String upstream) {
        return rateWaits.computeIfAbsent(upstream, k -> Timer.builder("doi.rate.limit.waits")
                .description("Time calls waited for their turn under the upstream's rate")
                .tag("upstream", upstream).register(registry));
    }

    private Counter counter(String name, String description, String upstream, String tag, String value) {
        return counters.computeIfAbsent(name + "|" + upstream + "|" + value, k -> {
            Counter.Builder builder = Counter.builder(name).description(description).tag("upstream", upstream);
            return (tag == null ? builder : builder.tag(tag, value)).register(registry);
        });
    }
}
