package org.submission.doi.client;

import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The registry's works API: {@code GET {REGISTRY_BASEURI}{doi}}, configured by {@code quarkus.rest-client.registry.*}. */
@RegisterRestClient(configKey = "registry")
@RegisterClientHeaders(UpstreamHeaders.class)
@RegisterProvider(UpstreamStatus.class)
@RegisterProvider(UpstreamPool.class)
@Produces(MediaType.APPLICATION_JSON)
public interface RegistryApi {

    /**
     * The body in chunks as it arrives, so that its size can be capped. {@code doi} is already
     * percent-encoded per path segment; its slashes are separators.
     */
    @GET
    @Path("/{doi}")
    Multi<byte[]> work(@PathParam("doi") @Encoded String doi);
}
