package org.submission.schema.config;

import java.nio.file.Path;
import java.util.Map;
import org.submission.platform.testing.SettingsDocumented;
import org.submission.platform.testing.SettingsInCode;

/** The schema service's own settings are those docs/settings.md lists under "schema". */
class SchemaSettingsDocumentedTest extends SettingsDocumented {

    SchemaSettingsDocumentedTest() {
        super("schema", new SettingsInCode().classes(Path.of("target/classes"))
                .properties(Path.of("src/main/resources/application.properties")), Map.of());
    }
}
