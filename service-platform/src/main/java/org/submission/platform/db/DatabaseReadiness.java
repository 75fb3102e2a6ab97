package org.submission.platform.db;

import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.submission.platform.error.DatabaseOutage;

/**
 * Readiness tells "the database is unreachable" (DOWN: this replica cannot serve) from "the pool is
 * busy" (UP, with the detail): under load every replica's pool is busy at once, and taking them all
 * out of the Service would turn load into an outage. Replaces Quarkus's own reactive check, which
 * went DOWN whenever no pooled connection was free within its wait (docs/architecture.md, "Health, metrics and logs").
 */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements AsyncHealthCheck {

    /**
     * Well inside the probes' timeoutSeconds (deploy/k8s) and below the pool's acquisition limit:
     * a slower answer is a busy pool.
     */
    static final Duration WAIT = Duration.ofSeconds(1);

    private final Pool pool;

    public DatabaseReadiness(Pool pool) {
        this.pool = pool;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        // with a parameter, as every answer's statements: a pooler that loses prepared statements fails it
        return pool.preparedQuery("select $1::int").execute(Tuple.of(1))
                .map(rows -> HealthCheckResponse.named("database").up().build())
                .ifNoItem().after(WAIT).recoverWithItem(() -> busy("no pooled connection free within " + WAIT.toSeconds() + " s"))
                .onFailure().recoverWithItem(failure -> DatabaseOutage.busy(failure) && !DatabaseOutage.causedBy(failure)
                        ? busy("every pooled connection in use")
                        : HealthCheckResponse.named("database").down()
                                .withData("database", state(failure)).build());
    }

    private static String state(Throwable failure) {
        return DatabaseOutage.loginRefused(failure) ? "refuses the services' login (password, role or database)"
                : DatabaseOutage.causedBy(failure) ? "unreachable" : "refuses the check query";
    }

    private static HealthCheckResponse busy(String detail) {
        return HealthCheckResponse.named("database").up().withData("pool", "busy: " + detail).build();
    }
}
