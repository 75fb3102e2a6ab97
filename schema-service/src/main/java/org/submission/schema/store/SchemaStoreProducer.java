package org.submission.schema.store;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.util.Optional;
import org.submission.schema.config.SchemaServiceSettings;

/** Prepares the store during start-up, so a broken bundled schema stops the service before it serves. */
@ApplicationScoped
public class SchemaStoreProducer {

    @Produces
    @Singleton
    @Startup
    SchemaStores stores(SchemaServiceSettings settings, MeterRegistry registry) {
        ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
        Optional<Path> folder = settings.dir().filter(dir -> !dir.isBlank()).map(Path::of);
        long maxBytes = settings.maxExpandedSize().asLongValue();
        if (folder.isEmpty()) {
            SchemaStore bundled = SchemaStoreLoader.load(classLoader, Optional.empty(), maxBytes);
            Log.infof("Schema store ready: %d documents", bundled.documents().size());
            return SchemaStores.fixed(bundled);
        }
        return SchemaStores.watch(SchemaSources.bundled(classLoader), folder.get(), maxBytes, registry);
    }

    void stop(@Disposes SchemaStores stores) {
        stores.close();
    }
}
