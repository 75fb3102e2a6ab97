package org.submission.platform.security;

import io.quarkus.security.Authenticated;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** Stands for a resource like the DOI endpoints, which declares that even a GET needs the XSRF header. */
@Path("/doi/probe")
@XsrfOnEveryRequest
@Produces(MediaType.APPLICATION_JSON)
public class DoiProbeResource {

    @GET
    @Authenticated
    public Map<String, Object> get() {
        return Map.of("doi", true);
    }
}
