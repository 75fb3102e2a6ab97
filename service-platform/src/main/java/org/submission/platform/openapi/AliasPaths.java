package org.submission.platform.openapi;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import io.smallrye.config.SmallRyeConfig;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.submission.platform.http.PathAliasSettings;

/**
 * Documents every alias path ({@code submission.http.path-aliases}) with the operations of its
 * canonical path: the alias is routed ({@code PathAliases}), so no resource declares it.
 */
@OpenApiFilter(OpenApiFilter.RunStage.RUNTIME_STARTUP)
public class AliasPaths implements OASFilter {

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        Map<String, String> aliases = ConfigProvider.getConfig().unwrap(SmallRyeConfig.class)
                .getConfigMapping(PathAliasSettings.class).pathAliases();
        Map<String, PathItem> paths = Map.copyOf(openAPI.getPaths().getPathItems());
        aliases.forEach((alias, canonical) -> paths.forEach((path, item) -> {
            String prefix = "/" + canonical;
            if (path.equals(prefix) || path.startsWith(prefix + "/")) {
                openAPI.getPaths().addPathItem("/" + alias + path.substring(prefix.length()), item);
            }
        }));
    }
}
