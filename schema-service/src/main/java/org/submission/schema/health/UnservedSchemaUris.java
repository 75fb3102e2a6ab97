package org.submission.schema.health;

import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.SchemaStores;
import org.submission.schema.store.StoredSchema;
import org.submission.shared.model.CommaJoinedList;

/**
 * Names the schema URIs of {@code pass_repository.schemas} that no document of the store serves:
 * the schema service answers 409 for those repositories until SCHEMA_SERVICE_DIR holds the
 * institution's schemas (docs/operator-guide.md). A first-day finding, not a failure: readiness
 * stays up. Bounded: the distinct values of a few hundred repositories, at most {@link #NAMED} URIs named.
 */
@Readiness
@ApplicationScoped
public class UnservedSchemaUris implements AsyncHealthCheck {

    static final int NAMED = 20;
    private static final String SQL = "SELECT DISTINCT schemas FROM pass_repository WHERE schemas IS NOT NULL LIMIT 500";
    private static final Duration WAIT = Duration.ofSeconds(1);
    private static final CommaJoinedList COMMA_JOINED = new CommaJoinedList();

    private final Pool pool;
    private final SchemaStores stores;

    public UnservedSchemaUris(Pool pool, SchemaStores stores) {
        this.pool = pool;
        this.stores = stores;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return pool.query(SQL).execute().map(rows -> {
            // the set being served now: a reloaded SCHEMA_SERVICE_DIR may serve what the last one did not
            SchemaStore store = stores.current();
            Set<String> unserved = new TreeSet<>();
            rows.forEach(row -> COMMA_JOINED.convertToEntityAttribute(row.getString(0)).stream()
                    .filter(uri -> store.find(uri).filter(StoredSchema::usable).isEmpty()).forEach(unserved::add));
            HealthCheckResponseBuilder response = HealthCheckResponse.named("repository-schemas").up()
                    .withData("unserved", unserved.size());
            unserved.stream().limit(NAMED).forEach(uri -> response.withData("unserved " + uri,
                    "no document serves it: its repositories answer 409 until SCHEMA_SERVICE_DIR holds it"));
            return response.build();
        }).ifNoItem().after(WAIT).recoverWithItem(() -> notChecked())
                .onFailure().recoverWithItem(failure -> notChecked());
    }

    private static HealthCheckResponse notChecked() {
        return HealthCheckResponse.named("repository-schemas").up().withData("unserved", "not checked: the database did not answer").build();
    }
}
