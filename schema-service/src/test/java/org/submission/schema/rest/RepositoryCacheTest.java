package org.submission.schema.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.schema.BundledSchemaIds.BASE;
import static org.submission.platform.testing.Requests.backend;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.TestData;

/** With a repository TTL ({@link LongTtlWorkbenchOff}), a repository read once answers from memory until the TTL passes. */
@QuarkusTest
@TestProfile(LongTtlWorkbenchOff.class)
@WithTestResource(EmbeddedPostgresResource.class)
class RepositoryCacheTest {

    @Inject
    DataSource dataSource;

    private static List<String> ids(String entityIds) {
        return backend().get("/schemaservice?entityIds=" + entityIds).then().statusCode(200).extract().jsonPath().getList("$id");
    }

    @Test
    void aRepositoryReadOnceIsNotReadAgainWithinTheTtlWhileOthersAre() throws SQLException {
        TestData.replaceWith(dataSource, """
                {"repositories": [{"key": "a", "id": 71, "name": "A", "schemas": ["%1$scommon.json"]},
                                  {"key": "b", "id": 72, "name": "B", "schemas": ["%1$scommon.json"]}]}""".formatted(BASE));
        assertThat(ids("71")).containsExactly(BASE + "common.json");

        try (Connection connection = dataSource.getConnection()) {
            connection.createStatement().executeUpdate("update pass_repository set schemas = '" + BASE + "common.json,"
                    + BASE + "ir.json'");
        }

        assertThat(ids("71")).containsExactly(BASE + "common.json");
        assertThat(ids("72,71")).containsExactly(BASE + "common.json", BASE + "ir.json");
    }
}
