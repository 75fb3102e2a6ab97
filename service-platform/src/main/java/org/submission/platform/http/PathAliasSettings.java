package org.submission.platform.http;

import io.smallrye.config.ConfigMapping;
import java.util.Map;

/**
 * {@code submission.http.path-aliases.<alias>=<canonical>}: a first path segment that serves the
 * same endpoints as another ({@code schema=schemaservice}). Each service names its aliases in its
 * {@code application.properties}; {@link PathAliases} routes them, {@code AliasPaths} documents them.
 */
@ConfigMapping(prefix = "submission.http")
public interface PathAliasSettings {

    Map<String, String> pathAliases();
}
