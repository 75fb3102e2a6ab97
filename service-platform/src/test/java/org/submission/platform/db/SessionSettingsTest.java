package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * The settings each pooled connection starts with reach PostgreSQL's session: without them a
 * statement or a lock wait could hold a request for minutes, and the planner would scan small
 * tables once per looked-up row.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SessionSettingsTest {

    @Inject
    Pool pool;

    @Test
    void pooledConnectionsCarryTheTimeLimitsAndThePlannersPageCost() {
        Row row = pool.query("SELECT current_setting('statement_timeout'), current_setting('lock_timeout'),"
                        + " current_setting('random_page_cost')")
                .execute().await().atMost(Duration.ofSeconds(30)).iterator().next();

        assertThat(row.getString(0)).isEqualTo("5s");
        assertThat(row.getString(1)).isEqualTo("2s");
        assertThat(row.getString(2)).isEqualTo("1.1");
    }
}
