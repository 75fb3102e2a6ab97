package org.submission.doi.client;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The registry's works API: {@code GET {REGISTRY_BASEURI}{doi}}. */
@RegisterRestClient(configKey = "registry")
@Produces(MediaType.APPLICATION_JSON)
interface RegistryApi {

    /** {@code doi} is already percent-encoded per path segment; its slashes are separators. */
    @GET
    @Path("/{doi}")
    Uni<Response> work(@PathParam("doi") @Encoded String doi);
}
