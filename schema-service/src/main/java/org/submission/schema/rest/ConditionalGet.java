package org.submission.schema.rest;

import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;

/**
 * A cached JSON answer with its strong ETag, or 304 when the client's {@code If-None-Match} names
 * it. For every resource of the service that answers the same bytes for the same request.
 */
public final class ConditionalGet {

    private ConditionalGet() {
    }

    /** @param tag the opaque tag, without quotes */
    public static Response answer(Request request, byte[] body, String tag) {
        return answer(request, body, tag, MediaType.APPLICATION_JSON_TYPE).build();
    }

    /** The same for a body of another type, to which the caller may add headers. */
    static Response.ResponseBuilder answer(Request request, byte[] body, String tag, MediaType type) {
        EntityTag strong = new EntityTag(tag);
        Response.ResponseBuilder notModified = request.evaluatePreconditions(strong);
        if (notModified == null) {
            // RESTEasy compares If-None-Match strictly, HTTP weakly: a proxy that compresses sends back W/"…"
            notModified = request.evaluatePreconditions(new EntityTag(tag, true));
        }
        Response.ResponseBuilder response = notModified != null ? notModified : Response.ok(body, type);
        // authenticated and database-dependent: any cache must ask again, which the ETag makes cheap
        return response.tag(strong).header(HttpHeaders.CACHE_CONTROL, "private, no-cache");
    }
}
