package org.submission.edge;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link TightLimits} with a head deadline long past any test, so that silent connections stay
 * open until a test closes them, and a budget of three bodies of 1,000,000 bytes being received,
 * two for one client.
 */
public class TightShares extends TightLimits {

    static final int BODY = 1_000_000;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("submission.http.request-head-timeout", "10m");
        overrides.put("submission.http.body-budget", String.valueOf(3 * BODY));
        overrides.put("submission.http.body-budget-per-client", String.valueOf(2 * BODY));
        return overrides;
    }
}
