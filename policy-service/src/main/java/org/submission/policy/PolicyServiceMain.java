package org.submission.policy;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.util.Map;
import org.submission.shared.db.LocalDatabase;
import org.submission.shared.security.RequestScreen;

/** Starts an embedded PostgreSQL with the demo data when no database is configured, then the service. */
@QuarkusMain
public class PolicyServiceMain {

    /** The demo data set's institution, so that a local run shows the institutional policy too. */
    static final Map<String, String> DEMO_SETTINGS = Map.of(
            "service.policy.institution", "example.edu",
            "service.policy.institutional-policy-title", "Example University Open Access Policy",
            "service.policy.institutional-repository-name", "Example Scholarship");

    public static void main(String... args) {
        LocalDatabase.prepareForRun(DEMO_SETTINGS);
        RequestScreen.takeOverUriValidation();
        Quarkus.run(args);
    }
}
