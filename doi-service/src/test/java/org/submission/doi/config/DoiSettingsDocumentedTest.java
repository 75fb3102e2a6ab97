package org.submission.doi.config;

import java.nio.file.Path;
import org.submission.platform.testing.SettingsDocumented;
import org.submission.platform.testing.SettingsInCode;

/**
 * The DOI service's own settings are those docs/settings.md lists under "doi", each by the environment
 * name that sets it ({@link EnvironmentNames} binds the names PASS deployments already use).
 */
class DoiSettingsDocumentedTest extends SettingsDocumented {

    DoiSettingsDocumentedTest() {
        super("doi", new SettingsInCode().classes(Path.of("target/classes"))
                .properties(Path.of("src/main/resources/application.properties"))
                // the User-Agent's product part, derived from the service's name and version
                .except("doi.product"), EnvironmentNames.NAMES);
    }
}
