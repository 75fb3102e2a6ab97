package org.submission.doi.cluster;

import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.submission.doi.metrics.DoiMetrics;

/**
 * Whether the database holds the coordination tables and functions, as this pod last found out
 * (readiness checks it; a statement failing for want of them says so too): the gauge
 * {@code doi_coordination_tables}, 1 or 0, which tells a set-up without them from a failure.
 */
@ApplicationScoped
public class CoordinationState {

    /** undefined_function, undefined_table. */
    private static final Set<String> MISSING = Set.of("42883", "42P01");

    private final AtomicBoolean present = new AtomicBoolean(true);

    public CoordinationState(DoiMetrics metrics) {
        metrics.coordinationTables(() -> present.get() ? 1 : 0);
    }

    public void tablesPresent(boolean found) {
        present.set(found);
    }

    /** A statement failed because the tables or functions are not there (recorded), not for another reason. */
    boolean missingIn(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof PgException pg && MISSING.contains(pg.getSqlState())) {
                present.set(false);
                return true;
            }
        }
        return false;
    }
}
