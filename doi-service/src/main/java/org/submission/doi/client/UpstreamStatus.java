package org.submission.doi.client;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;

/**
 * Turns every answer that is not a 2xx into an {@link UpstreamFailure} as soon as its headers
 * arrive, before any of its body is read: 3xx included, since redirects are never followed.
 */
public class UpstreamStatus implements ResponseExceptionMapper<UpstreamFailure> {

    @Override
    public boolean handles(int status, MultivaluedMap<String, Object> headers) {
        // 0: no answer at all; the transport failure itself tells what happened
        return status >= 100 && (status < 200 || status >= 300);
    }

    @Override
    public UpstreamFailure toThrowable(Response response) {
        return UpstreamFailure.status(response.getStatus(), response.getHeaderString("Retry-After"));
    }
}
