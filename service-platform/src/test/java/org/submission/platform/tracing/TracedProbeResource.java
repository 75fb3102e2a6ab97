package org.submission.platform.tracing;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** Stands for a service's endpoint: one SQL statement and a log line written after it. */
@Path("/probe/traced")
@Produces(MediaType.APPLICATION_JSON)
public class TracedProbeResource {

    static final String STATEMENT = "SELECT count(*) AS journals FROM pass_journal";
    static final String LOG_LINE = "traced probe answered";

    private final Pool pool;

    public TracedProbeResource(Pool pool) {
        this.pool = pool;
    }

    @GET
    public Uni<Map<String, Object>> traced() {
        return pool.preparedQuery(STATEMENT).execute()
                .map(rows -> rows.iterator().next().getLong("journals"))
                .invoke(count -> Log.info(LOG_LINE))
                .map(count -> Map.of("journals", count));
    }
}
