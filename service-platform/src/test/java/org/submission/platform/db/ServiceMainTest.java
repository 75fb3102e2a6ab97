package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;

/** When a start leaves Flyway and its JDBC datasource out, as the main class decides it. */
class ServiceMainTest {

    private static final String UNREACHABLE = "postgresql://127.0.0.1:9/none";
    private static final List<String> SET = List.of("submission.db.url", "submission.db.migrate",
            "quarkus.flyway.migrate-at-start");

    @AfterEach
    void clearProperties() {
        SET.forEach(System::clearProperty);
    }

    @Test
    void aMigratedDatabaseNeedsNoFlyway() {
        System.setProperty("submission.db.url", FreshDatabase.create().migrate().url());

        assertThat(ServiceMain.flywayHasNothingToDo(ServiceMain.operatorSettings())).isTrue();
    }

    @Test
    void switchedOffMigrationsNeedNoFlywayAndNoConnection() {
        System.setProperty("submission.db.url", UNREACHABLE);
        System.setProperty("submission.db.migrate", "false");

        assertThat(ServiceMain.flywayHasNothingToDo(ServiceMain.operatorSettings())).isTrue();
    }

    @Test
    void anUnreachableDatabaseIsLeftToFlyway() {
        System.setProperty("submission.db.url", UNREACHABLE);

        assertThat(ServiceMain.flywayHasNothingToDo(ServiceMain.operatorSettings())).isFalse();
    }

    @Test
    void anOperatorsOwnFlywaySettingIsLeftToFlyway() {
        System.setProperty("submission.db.url", UNREACHABLE);
        System.setProperty("submission.db.migrate", "false");
        System.setProperty("quarkus.flyway.migrate-at-start", "true");

        assertThat(ServiceMain.flywayHasNothingToDo(ServiceMain.operatorSettings())).isFalse();
    }
}
