package org.submission.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.RunningService;

/**
 * The packaged service of this module's integration tests starts as every replica but a release's
 * first does: on a database that a first start migrated and seeded. The AOT cache is recorded from
 * this start, and the JVM loads every class of it at each start, so a migrating start would give
 * every pod Flyway's, the JDBC pool's and the seed loader's classes.
 */
@QuarkusIntegrationTest
@WithTestResource(value = DemoSchemaService.class, scope = TestResourceScope.MATCHING_RESOURCES)
class ReplicaStartIT {

    @Test
    void theTestsServiceStartsOnADatabaseAFirstStartMigratedAndSeeded() throws Exception {
        RunningService service = IntegrationTestService.current();

        assertThat(service.log()).as("no JDBC datasource, so no Flyway").doesNotContain("Successfully validated", "Successfully applied")
                .contains("not loaded: the database already holds records");
        assertThat(service.get("/schemaservice?entityIds=12").statusCode()).as("the demo data").isEqualTo(200);
    }
}
