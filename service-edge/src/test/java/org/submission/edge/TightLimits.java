package org.submission.edge;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The connection limits small enough to reach from one test: a budget of eight 12 KB answers, five
 * connections per address, a one-second deadline for a first request head, and a write-idle
 * timeout long past any test, so that only the head's deadline can close a silent connection.
 */
public class TightLimits implements QuarkusTestProfile {

    /**
     * The same limits with HTTP/2 asked for in the configuration, which the services ignore
     * ({@code CleartextHttp2Test}); the HTTP/1.1 connections of {@code NewConnectionsTest} share its
     * start, since a profile costs an augmentation and a start. {@link TightShares} needs a head
     * deadline that this one's tests wait for.
     */
    public static class WithHttp2 extends TightLimits {

        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> overrides = new java.util.HashMap<>(super.getConfigOverrides());
            overrides.put("quarkus.http.http2", "true");
            return overrides;
        }
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "submission.http.write-budget", "100K",
                "submission.http.max-connections-per-address", "5",
                "submission.http.request-head-timeout", "1s",
                "submission.http.write-idle-timeout", "10m");
    }
}
