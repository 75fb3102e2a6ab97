package org.submission.platform.db;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** Stands for the journal find-or-create: a transaction that waits for an advisory lock. */
@Path("/probe/lock")
@Produces(MediaType.APPLICATION_JSON)
public class LockProbeResource {

    static final long KEY = 18_007;

    private final Pool pool;

    public LockProbeResource(Pool pool) {
        this.pool = pool;
    }

    @GET
    public Uni<Map<String, Object>> lock() {
        return pool.withTransaction(connection -> connection.query("select pg_advisory_xact_lock(" + KEY + ")").execute())
                .map(rows -> Map.of("locked", true));
    }
}
