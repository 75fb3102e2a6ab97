package org.submission.platform.testing;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.postgresql.ds.PGSimpleDataSource;
import org.submission.localpostgres.LocalPostgres;
import org.submission.platform.db.DatabaseUrls;

/** A new, empty database on the test PostgreSQL server, for tests that need one of their own. */
public final class FreshDatabase {

    private final String url;
    private final PGSimpleDataSource dataSource;

    private FreshDatabase(String url) {
        this.url = url;
        this.dataSource = new PGSimpleDataSource();
        dataSource.setUrl(DatabaseUrls.jdbc(url));
        dataSource.setUser("postgres");
    }

    /** Creates an empty database (no tables) on the embedded server. */
    public static FreshDatabase create() {
        String server = LocalPostgres.sharedUrl();
        String name = "t_" + UUID.randomUUID().toString().replace("-", "");
        PGSimpleDataSource admin = new PGSimpleDataSource();
        admin.setUrl(DatabaseUrls.jdbc(server));
        admin.setUser("postgres");
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return new FreshDatabase(server.substring(0, server.lastIndexOf('/') + 1) + name);
    }

    /** The server's own {@code postgres} database, as the superuser: for statements about roles and databases. */
    public static FreshDatabase server() {
        return new FreshDatabase(LocalPostgres.sharedUrl());
    }

    /** As {@link #server()}, on a server of a test's own ({@code postgresql://host:port/postgres}). */
    public static FreshDatabase server(String serverUrl) {
        return new FreshDatabase(serverUrl);
    }

    /** The database's name. */
    public String name() {
        return url.substring(url.lastIndexOf('/') + 1);
    }

    /** Applies the product's migrations, as a service does at start. */
    public FreshDatabase migrate() {
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        return this;
    }

    public DataSource dataSource() {
        return dataSource;
    }

    /** The URL in the operator's form, {@code postgresql://host:port/name}. */
    public String url() {
        return url;
    }

    /** The settings that point a service at this database (as {@code ./run.sh} does at its own), for {@link PackagedService}. */
    public Map<String, String> settings() {
        return Map.of("SUBMISSION_DB_URL", url, "SUBMISSION_DB_USER", "postgres");
    }

    public void execute(String sql) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of every row, as text. */
    public List<String> rows(String sql) {
        List<String> rows = new ArrayList<>();
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             var rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }

    public long count(String sql) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             var rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
