package org.submission.schema.store;

import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import org.submission.schema.config.SchemaServiceSettings;

/** Prepares the store during start-up, so a broken bundled schema stops the service before it serves. */
@ApplicationScoped
public class SchemaStoreProducer {

    @Produces
    @Singleton
    @Startup
    SchemaStore store(SchemaServiceSettings settings) {
        SchemaStore store = SchemaStoreLoader.load(Thread.currentThread().getContextClassLoader(),
                settings.dir().filter(dir -> !dir.isBlank()).map(Path::of));
        store.notes().forEach(note -> Log.warnf("Schema store: %s", note));
        store.unusable().forEach(document ->
                Log.warnf("Schema %s is unusable; requests naming it answer 409: %s", document.origin(), document.problem()));
        Log.infof("Schema store ready: %d documents, %d unusable", store.documents().size(), store.unusable().size());
        return store;
    }
}
