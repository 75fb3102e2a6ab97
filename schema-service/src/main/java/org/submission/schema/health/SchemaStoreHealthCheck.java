package org.submission.schema.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.SchemaStores;
import org.submission.schema.store.StoredSchema;

/**
 * Reports the store's size, a change of SCHEMA_SERVICE_DIR that was refused, and the folder documents that are unusable; those answer 409 but do
 * not make the service unready, since every other schema still serves. The answer is public: it
 * names each such document and the kind of its problem, never its content.
 */
@Readiness
@ApplicationScoped
public class SchemaStoreHealthCheck implements HealthCheck {

    private final SchemaStores stores;

    public SchemaStoreHealthCheck(SchemaStores stores) {
        this.stores = stores;
    }

    @Override
    public HealthCheckResponse call() {
        SchemaStore store = stores.current();
        HealthCheckResponseBuilder response = HealthCheckResponse.named("schema-store").up()
                .withData("documents", store.documents().size())
                .withData("unusable", store.unusable().size());
        for (StoredSchema document : store.unusable()) {
            response.withData("unusable " + document.key(), document.problemKind());
        }
        // up all the same: every replica refuses the same change, and the last good set still serves
        stores.refusal().ifPresent(refusal -> response.withData("refused", refusal + " (the last good set serves)"));
        stores.stopped().ifPresent(why -> response.withData("stopped", why + "; SCHEMA_SERVICE_DIR is no longer read until a restart"));
        return response.build();
    }
}
