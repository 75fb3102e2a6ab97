package org.submission.doi.client;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The open-access lookup API: {@code GET {OALOOKUP_BASEURI}{doi}?email={DOI_SERVICE_MAILTO}}. */
@RegisterRestClient(configKey = "oa-lookup")
@Produces(MediaType.APPLICATION_JSON)
interface OaLookupApi {

    /** {@code doi} is already percent-encoded per path segment; a null email is left out. */
    @GET
    @Path("/{doi}")
    Uni<Response> record(@PathParam("doi") @Encoded String doi, @QueryParam("email") String email);
}
