package org.submission.policy.config;

import java.nio.file.Path;
import java.util.Map;
import org.submission.platform.testing.SettingsDocumented;
import org.submission.platform.testing.SettingsInCode;

/** The policy service's own settings are those docs/settings.md lists under "policy". */
class PolicySettingsDocumentedTest extends SettingsDocumented {

    PolicySettingsDocumentedTest() {
        super("policy", new SettingsInCode().classes(Path.of("target/classes"))
                .properties(Path.of("src/main/resources/application.properties")), Map.of());
    }
}
