package org.submission.policy.doi;

import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.eclipse.microprofile.rest.client.ext.ClientHeadersFactory;
import org.submission.policy.config.DoiClientSettings;

/** The DOI service's backend account ({@code POLICY_DOI_USER}, {@code POLICY_DOI_PASSWORD}) on every call, when set. */
final class BackendAccount implements ClientHeadersFactory {

    private final String authorization;

    BackendAccount(DoiClientSettings settings) {
        this.authorization = settings.user().map(user -> "Basic " + Base64.getEncoder().encodeToString(
                (user + ":" + settings.password().orElse("")).getBytes(StandardCharsets.UTF_8))).orElse(null);
    }

    @Override
    public MultivaluedMap<String, String> update(MultivaluedMap<String, String> incoming, MultivaluedMap<String, String> outgoing) {
        MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
        if (authorization != null) {
            headers.putSingle("Authorization", authorization);
        }
        return headers;
    }
}
