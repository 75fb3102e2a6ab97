package org.submission.schema.rest;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The PASS (JHU) schema set of the shared reference folder ({@code shared/reference} beside the
 * repository or one of its parent folders), served through SCHEMA_SERVICE_DIR next to the bundled
 * schemas. Read only, never copied into the project. A profile of its own: the other tests' store is
 * the project's, whose repositories and schema ids they assert.
 */
public class ReferenceSchemas implements QuarkusTestProfile {

    static final String JHU = "https://eclipse-pass.github.io/pass-metadata-schemas/schemas/jhu/";

    /** The folder, when this checkout has the reference data beside it. */
    public static Optional<Path> jhuFolder() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/reference/schemas/bundled/jhu");
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        // without the reference data, the tests' own folder keeps the service starting; the JHU cases skip
        return Map.of("schema.service.dir", jhuFolder().map(Path::toString).orElse("src/test/resources/store"));
    }
}
