package org.submission.doi.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The statements by which the pods share upstream work (migration V2__doi_coordination.sql):
 * one before an upstream call, one after it, and the periodic purge. Each is one round trip on a
 * pooled connection that goes back to the pool at once; none is held while an upstream answers.
 */
@ApplicationScoped
public class LookupCoordination {

    public enum State {
        /** An answer is in the shared cache. */
        CACHED,
        /** Another pod is looking the DOI up. */
        BUSY,
        /** The upstream asked for a pause that has not ended. */
        PAUSED,
        /** No turn under the upstream's rate within the wait allowed. */
        RATE,
        /** The lease is the caller's: call the upstream after {@code millis}. */
        GO
    }

    /** The outcome of {@link #begin}; {@code found} and {@code body} for CACHED only. */
    public record Begin(State state, boolean found, String body, long millis) {
    }

    private final Pool pool;

    public LookupCoordination(Pool pool) {
        this.pool = pool;
    }

    public Uni<Begin> begin(String upstream, String key, String holder, long leaseMillis, long defaultSpacingMillis,
            long maxWaitMillis) {
        return pool.preparedQuery("SELECT state, is_found, body, millis FROM doi_lookup_begin($1, $2, $3, $4, $5, $6)")
                .execute(Tuple.tuple().addString(upstream).addString(key).addString(holder).addLong(leaseMillis)
                        .addLong(defaultSpacingMillis).addLong(maxWaitMillis))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    Boolean found = row.getBoolean("is_found");
                    Long millis = row.getLong("millis");
                    return new Begin(State.valueOf(row.getString("state").toUpperCase(java.util.Locale.ROOT)),
                            Boolean.TRUE.equals(found), row.getString("body"), millis == null ? 0 : Math.max(0, millis));
                });
    }

    /**
     * After the call: keeps the answer ({@code found} null for a failure: nothing kept), releases the
     * lease, records an announced spacing and a pause (each null when there is none to record).
     */
    public Uni<Void> end(String upstream, String key, String holder, Boolean found, String body, long ttlMillis,
            Long announcedMillis, Long pauseMillis) {
        return pool.preparedQuery("SELECT doi_lookup_end($1, $2, $3, $4, $5, $6, $7, $8)")
                .execute(Tuple.tuple().addString(upstream).addString(key).addString(holder).addBoolean(found)
                        .addString(body).addLong(ttlMillis).addLong(announcedMillis).addLong(pauseMillis))
                .replaceWithVoid();
    }

    /** Deletes expired answers and dead leases, and the answers past {@code maxRows}; the rows deleted. */
    public Uni<Long> purge(long maxRows) {
        return pool.preparedQuery("SELECT doi_purge($1)").execute(Tuple.of(maxRows))
                .map(rows -> rows.iterator().next().getLong(0));
    }
}
