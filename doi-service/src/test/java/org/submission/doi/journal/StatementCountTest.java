package org.submission.doi.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.ExternalTool;

/**
 * Counts, on the PostgreSQL server (pg_stat_statements), the statements one /doi/journal request
 * runs: BEGIN, the locks, the match, COMMIT, plus one write only when the journal is new or changes;
 * a DOI not in this instance's memory adds the two statements that share the registry's answer
 * with the other instances (before and after the call).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class StatementCountTest extends FreshUpstreams {

    @Inject
    DataSource dataSource;

    @BeforeEach
    void reset() throws SQLException {
        ExternalTool.require(statementsCounted(),
                "a server with pg_stat_statements preloaded (the embedded one, not SUBMISSION_DB_URL's) is not used");
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "an unchanged journal                  | '\"Journal of Submission Studies\", \"issns\": [\"Print:2049-3630\"]'                                | print:2049-3630                | 6",
        "a curated journal the work differs from | '\"Other Name\", \"nlmta\": \"J Sub Stud\", \"issns\": [\"Print:2049-3630\"]'                    | print:2049-3630                | 6",
        "a journal gaining an ISSN             | '\"Journal of Submission Studies\", \"issns\": [\"Print:2049-3630\"]'                                | print:2049-3630 electronic:2049-3649 | 7",
        "a new journal                         | '\"Unrelated\", \"issns\": [\"Print:1111-1111\"]'                                                  | print:2049-3630                | 7"})
    void aRequestRunsTheLocksAndOneMatchAndWritesOnlyWhatChanges(String journal, String seeded, String issns, long statements)
            throws SQLException {
        Journals.seed(dataSource, "[{\"key\": \"j\", \"journalName\": " + seeded + "}]");
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, issns.split(" ")));

        List<String> run = statementsOf(doi);

        assertThat(run).as(journal).hasSize((int) statements);
    }

    @org.junit.jupiter.api.Test
    void aRequestForAWorkInThisInstancesMemoryRunsOnlyTheFindOrCreate() throws SQLException {
        Journals.seed(dataSource, "[{\"key\": \"j\", \"journalName\": \"Journal of Submission Studies\", \"issns\": [\"Print:2049-3630\"]}]");
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
        Api.journal(doi).then().statusCode(200);

        assertThat(statementsOf(doi)).hasSize(4).noneMatch(sql -> sql.contains("doi_lookup"));
    }

    /** The statements of one request, each as many times as it ran. */
    private List<String> statementsOf(String doi) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_stat_statements_reset()");
            Api.journal(doi).then().statusCode(200);
            List<String> run = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery("SELECT query, calls FROM pg_stat_statements"
                    + " WHERE query NOT LIKE '%pg_stat_statements%'")) {
                while (rows.next()) {
                    for (long i = 0; i < rows.getLong(2); i++) {
                        run.add(rows.getString(1));
                    }
                }
            }
            return run;
        }
    }

    private boolean statementsCounted() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SHOW shared_preload_libraries")) {
            return rows.next() && rows.getString(1).contains("pg_stat_statements");
        }
    }
}
