package org.submission.doi.health;

import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.submission.doi.cluster.CoordinationState;

/**
 * Says on one readiness line whether the database holds the DOI coordination (the owner's script
 * creates it on a PASS database): without it each pod looks DOIs up alone, a set-up the guide
 * supports, so readiness stays up and the failures alert does not count it
 * ({@code doi_coordination_tables} is 0 instead). Checked on every probe, by one catalog lookup.
 */
@Readiness
@ApplicationScoped
public class CoordinationTables implements AsyncHealthCheck {

    static final String CHECK = "SELECT to_regprocedure('doi_lookup_begin(text, text, text, bigint, bigint, bigint)') IS NOT NULL"
            + " AND to_regclass('doi_answer') IS NOT NULL";
    private static final Duration WAIT = Duration.ofSeconds(1);

    private final Pool pool;
    private final CoordinationState state;

    public CoordinationTables(Pool pool, CoordinationState state) {
        this.pool = pool;
        this.state = state;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return pool.query(CHECK).execute().map(rows -> rows.iterator().next().getBoolean(0))
                .ifNoItem().after(WAIT).recoverWithItem(() -> null)
                .onFailure().recoverWithItem(() -> null)
                .map(present -> {
                    if (present != null) {
                        state.tablesPresent(present);
                    }
                    return HealthCheckResponse.named("doi-coordination").up()
                            .withData("coordination", present == null ? "not checked: the database did not answer"
                                    : present ? "shared by the pods through the database"
                                    : "no coordination tables in the database (deploy/db/owner-setup.sql creates them):"
                                            + " each pod looks DOIs up alone")
                            .build();
                });
    }
}
