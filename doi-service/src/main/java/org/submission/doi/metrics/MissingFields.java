package org.submission.doi.metrics;

import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Fields the services rely on that an upstream's answer lacks (upstreams delete fields: Unpaywall
 * deleted {@code first_oa_location.updated} in 2025): each counted per upstream and field in
 * {@code doi_upstream_missing_fields_total}, and logged at most once a day per upstream and field,
 * so that a field that stops coming is noticed without a line per lookup. The answer itself is
 * served as far as it goes: a missing field never fails a request.
 */
@ApplicationScoped
public class MissingFields {

    private static final long DAY_MILLIS = 86_400_000L;

    private final DoiMetrics metrics;
    /** When each upstream and field was last logged, on this pod. */
    private final Map<String, Long> logged = new ConcurrentHashMap<>();

    private final LongSupplier clock;

    @Inject
    public MissingFields(DoiMetrics metrics) {
        this(metrics, System::currentTimeMillis);
    }

    /** {@code clock}: the time in milliseconds, as {@link System#currentTimeMillis}. */
    MissingFields(DoiMetrics metrics, LongSupplier clock) {
        this.metrics = metrics;
        this.clock = clock;
    }

    /** {@code missing}: fields of {@link DoiMetrics#RELIED_ON_FIELDS} the upstream's answer for {@code doi} lacks. */
    public void seen(String upstream, String doi, Collection<String> missing) {
        long now = clock.getAsLong();
        for (String field : missing) {
            metrics.missingField(upstream, field);
            String key = upstream + '\n' + field;
            Long last = logged.get(key);
            boolean due = last == null ? logged.putIfAbsent(key, now) == null
                    : now - last >= DAY_MILLIS && logged.replace(key, last, now);
            if (due) {
                Log.warnf("%s's answer for %s lacks %s, which the service reads (counted in doi_upstream_missing_fields_total;"
                        + " logged once a day per field)", upstream, doi, field);
            }
        }
    }
}
