package org.submission.deploy.images;

import java.util.Map;

class PolicyServiceImageTest extends ServiceImageTest {

    @Override
    String service() {
        return "policy-service";
    }

    @Override
    String request(int i) {
        return "/policy/policies?submission=60";
    }

    @Override
    Map<String, String> settings() {
        return Map.of("SERVICE_POLICY_INSTITUTION", "example.edu",
                "SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE", "Example University Open Access Policy",
                "SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME", "Example Scholarship");
    }
}
