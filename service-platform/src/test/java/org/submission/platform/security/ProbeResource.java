package org.submission.platform.security;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.TreeSet;

/** A resource for the security tests: tells who the shared mechanism says is calling. */
@Path("/probe")
@Produces(MediaType.APPLICATION_JSON)
public class ProbeResource {

    private final CallerService callers;

    public ProbeResource(CallerService callers) {
        this.callers = callers;
    }

    @GET
    @Authenticated
    public Uni<Map<String, Object>> who() {
        return callers.current().map(c -> Map.of(
                "principal", c.principal(),
                "backend", c.backend(),
                "userId", c.userId() == null ? "" : c.userId().toString(),
                "roles", new TreeSet<>(c.roles()),
                "affiliations", new TreeSet<>(c.affiliations())));
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
