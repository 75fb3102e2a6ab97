package org.submission.policy.doi;

import io.quarkus.rest.client.reactive.runtime.ResteasyReactiveResponseExceptionMapper;
import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.annotation.ClientHeaderParam;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.client.impl.RestClientRequestContext;

/**
 * The DOI service's {@code /doi/manuscript} and {@code /doi/registry} as a REST client, built by {@link DoiServiceCalls}
 * from {@code POLICY_DOI_*}, never injected with {@code quarkus.rest-client.doi-service.*}. Its
 * answer arrives as the chunks read from the connection: the REST client gives an entity only
 * once the whole body is in memory, however large, while cancelling these chunks closes the
 * connection as a bound passes.
 */
@RegisterRestClient(configKey = "doi-service")
@RegisterProvider(DoiServiceApi.NotTheList.class)
@Path("/doi")
// the DOI endpoints want the XSRF double submit from every caller; any equal pair passes
@ClientHeaderParam(name = "Cookie", value = "XSRF-TOKEN=policy-service")
@ClientHeaderParam(name = "X-XSRF-TOKEN", value = "policy-service")
interface DoiServiceApi {

    @GET
    @Path("/manuscript")
    @Produces(MediaType.APPLICATION_JSON)
    Multi<byte[]> manuscript(@RestQuery String doi);

    /** The registry work's dates and funders, read-only: asking creates or changes no journal. */
    @GET
    @Path("/registry")
    @Produces(MediaType.APPLICATION_JSON)
    Multi<byte[]> registry(@RestQuery String doi);

    /**
     * Every answer but a 200 fails the call, its connection reset as the hand-rolled client did: the
     * REST client never reads the body of a {@code Multi} it refuses, which would hold the
     * connection until the peer closes it (quarkusio/quarkus#29301 shows the same for an unread
     * {@code Uni<Response>}); the reset goes when the REST client releases that connection itself.
     * A 4xx answers what was asked (the DOI, or this pod's share there: 429), not a failing
     * service; refused credentials or XSRF (401, 403, 407) and a request timeout (408) fail every
     * caller alike.
     */
    final class NotTheList implements ResteasyReactiveResponseExceptionMapper<DoiServiceClient.Unavailable> {

        @Override
        public boolean handles(int status, MultivaluedMap<String, Object> headers) {
            return status != 200;
        }

        @Override
        public DoiServiceClient.Unavailable toThrowable(Response response, RestClientRequestContext context) {
            if (context.getVertxClientResponse() != null) {
                context.getVertxClientResponse().request().reset();
            }
            int status = response.getStatus();
            boolean aboutTheRequest = status >= 400 && status < 500 && status != 401 && status != 403 && status != 407
                    && status != 408;
            return aboutTheRequest ? new DoiServiceClient.Refused(status)
                    : new DoiServiceClient.Unavailable("the DOI service answered " + status);
        }
    }
}
