package org.submission.deploy.images;

import java.util.Map;

class PolicyServiceImageTest extends ServiceImageTest {

    /** The institution of the demo data, whose policy and repository the demo submission gets. */
    static final Map<String, String> INSTITUTION = Map.of("SERVICE_POLICY_INSTITUTION", "example.edu",
            "SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE", "Example University Open Access Policy",
            "SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME", "Example Scholarship");

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
        return INSTITUTION;
    }
}
