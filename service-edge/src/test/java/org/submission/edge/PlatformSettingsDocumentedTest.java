package org.submission.edge;

import java.nio.file.Path;
import java.util.Map;
import org.submission.platform.testing.SettingsDocumented;
import org.submission.platform.testing.SettingsInCode;

/**
 * The settings every service reads (the platform's, the edge's and the shared model's) are those
 * docs/settings.md lists under "all": checked here, where the three modules' classes are built.
 */
class PlatformSettingsDocumentedTest extends SettingsDocumented {

    PlatformSettingsDocumentedTest() {
        super("all", new SettingsInCode()
                .classes(Path.of("target/classes"))
                .classes(Path.of("../service-platform/target/classes"))
                .classes(Path.of("../shared-model/target/classes"))
                .properties(Path.of("../service-platform/src/main/resources/META-INF/microprofile-config.properties"))
                // RequiredSettings looks it up at start
                .reads("submission.required-settings", null)
                // each service names itself in its application.properties: not an operator's setting
                .except("quarkus.application.name"), Map.of());
    }
}
