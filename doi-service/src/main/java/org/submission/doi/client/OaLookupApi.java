package org.submission.doi.client;

import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The open-access lookup API: {@code GET {OALOOKUP_BASEURI}{doi}?email={DOI_SERVICE_MAILTO}},
 * configured by {@code quarkus.rest-client.oa-lookup.*}.
 */
@RegisterRestClient(configKey = "oa-lookup")
@RegisterClientHeaders(UpstreamHeaders.class)
@RegisterProvider(UpstreamStatus.class)
@RegisterProvider(UpstreamPool.class)
@Produces(MediaType.APPLICATION_JSON)
public interface OaLookupApi {

    /** The body in chunks (see {@link RegistryApi}); a null email is left out. */
    @GET
    @Path("/{doi}")
    Multi<byte[]> record(@PathParam("doi") @Encoded String doi, @QueryParam("email") String email);
}
