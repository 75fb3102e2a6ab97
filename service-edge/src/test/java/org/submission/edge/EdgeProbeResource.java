package org.submission.edge;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** A resource for the edge's tests: one open to anyone, one for an authenticated caller, one that changes state. */
@Path("/probe")
@Produces(MediaType.APPLICATION_JSON)
public class EdgeProbeResource {

    @GET
    @Authenticated
    public Uni<Map<String, Object>> authenticated() {
        return Uni.createFrom().item(Map.of("authenticated", true));
    }

    @POST
    @Authenticated
    public Map<String, Object> change() {
        return Map.of("changed", true);
    }

    @GET
    @Path("/open")
    public Map<String, Object> open() {
        return Map.of("open", true);
    }
}
