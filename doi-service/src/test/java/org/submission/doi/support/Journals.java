package org.submission.doi.support;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.awaitility.Awaitility;
import org.submission.platform.testing.TestData;

/** The pass_journal rows as the test sees them through JDBC, and seeding them. */
public final class Journals {

    public record Row(long id, String name, String nlmta, String pmcParticipation, List<String> issns) {
    }

    private Journals() {
    }

    /** Empties the database and loads the given journals (seed format), answering key to id. */
    public static Map<String, Long> seed(DataSource dataSource, String journalsJson) {
        return TestData.replaceWith(dataSource, "{\"journals\": " + journalsJson + "}");
    }

    /**
     * One journal as PASS's own loaders write it, beside whatever the table holds: the id from
     * hibernate_sequence, and each ISSN a row {@code Print:v}, {@code Online:v} or {@code :v};
     * answers the id.
     */
    public static long insertAsPass(DataSource dataSource, String name, String nlmta, String pmcParticipation, String... issns) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement journal = connection.prepareStatement("insert into pass_journal (id, journalname, nlmta,"
                     + " pmcparticipation) values (nextval('hibernate_sequence'), ?, ?, ?) returning id");
             PreparedStatement issn = connection.prepareStatement("insert into pass_journal_issns (journal_id, issns) values (?, ?)")) {
            journal.setString(1, name);
            journal.setString(2, nlmta);
            journal.setString(3, pmcParticipation);
            long id;
            try (ResultSet rs = journal.executeQuery()) {
                rs.next();
                id = rs.getLong(1);
            }
            for (String value : issns) {
                issn.setLong(1, id);
                issn.setString(2, value);
                issn.executeUpdate();
            }
            return id;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static List<Row> all(DataSource dataSource) {
        String sql = "select j.id, j.journalname, j.nlmta, j.pmcparticipation,"
                + " coalesce((select array_agg(i.issns order by i.issns) from pass_journal_issns i where i.journal_id = j.id), '{}')"
                + " from pass_journal j order by j.id";
        try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(sql);
             ResultSet rs = statement.executeQuery()) {
            List<Row> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(new Row(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        List.of((String[]) rs.getArray(5).getArray())));
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits (bounded) until the table holds the given number of journals. */
    public static void awaitCount(DataSource dataSource, int count) {
        Awaitility.await("journal rows").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> all(dataSource).size() == count);
    }

    public static Row only(DataSource dataSource) {
        List<Row> rows = all(dataSource);
        if (rows.size() != 1) {
            throw new AssertionError("expected exactly one journal, found " + rows);
        }
        return rows.get(0);
    }
}
