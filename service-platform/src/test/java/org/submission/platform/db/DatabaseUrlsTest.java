package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DatabaseUrlsTest {

    @ParameterizedTest
    @ValueSource(strings = {"postgresql://db:5432/pass", "jdbc:postgresql://db:5432/pass", "postgres://db:5432/pass"})
    void everyAcceptedFormGivesBothUrls(String given) {
        assertThat(DatabaseUrls.reactive(given)).isEqualTo("postgresql://db:5432/pass");
        assertThat(DatabaseUrls.jdbc(given)).isEqualTo("jdbc:postgresql://db:5432/pass");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql://db/pass", "db:5432/pass"})
    void otherSchemesAreRefusedWithAnExplanation(String given) {
        assertThatThrownBy(() -> DatabaseUrls.jdbc(given)).hasMessageContaining("postgresql://host:5432/dbname");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  "})
    void blankMeansNotConfigured(String given) {
        assertThat(DatabaseUrls.reactive(given)).isNull();
    }
}
