package org.submission.edge;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.submission.platform.security.Roles;

/** A resource for the tests of request bodies: tells how many bytes of body it was given. */
@Path("/probe/body")
@Consumes(MediaType.WILDCARD)
@Produces(MediaType.TEXT_PLAIN)
public class BodyProbeResource {

    @POST
    @Authenticated
    public Uni<String> length(byte[] body) {
        return Uni.createFrom().item(String.valueOf(body.length));
    }

    @POST
    @Path("backend-only")
    @RolesAllowed(Roles.BACKEND)
    public Uni<String> backendOnly(byte[] body) {
        return Uni.createFrom().item(String.valueOf(body.length));
    }
}
