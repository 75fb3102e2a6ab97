package org.submission.doi.client;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import org.eclipse.microprofile.rest.client.ext.ClientHeadersFactory;
import org.submission.doi.config.DoiSettings;

/**
 * {@code User-Agent: <service>/<version> (mailto:…)} on every upstream call, as the registries ask
 * of polite clients. Built here rather than in configuration because the contact part is left
 * out when no address is set.
 */
@ApplicationScoped
public class UpstreamHeaders implements ClientHeadersFactory {

    private final String userAgent;

    public UpstreamHeaders(DoiSettings settings) {
        this.userAgent = settings.product() + settings.mailto().map(mail -> " (mailto:" + mail + ")").orElse("");
    }

    @Override
    public MultivaluedMap<String, String> update(MultivaluedMap<String, String> incoming,
            MultivaluedMap<String, String> outgoing) {
        MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
        headers.putSingle("User-Agent", userAgent);
        return headers;
    }
}
