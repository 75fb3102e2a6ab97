package org.submission.platform.db;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.postgresql.Driver;

/**
 * Whether a database already holds every migration this build bundles, so that a start can
 * leave Flyway and its JDBC pool out (a fifth of a start on a migrated database). It only ever
 * says yes when Flyway's own history lists each bundled version as applied; anything else (no
 * history table, a failed row, no connection) leaves the start to Flyway, as before.
 */
final class MigrationsApplied {

    static final String LOCATION = "db/migration";
    private static final Pattern VERSIONED = Pattern.compile("(?:.*/)?V([0-9][0-9._]*)__[^/]*\\.sql");

    private MigrationsApplied() {
    }

    static boolean in(String jdbcUrl, String user, String password) {
        Set<String> bundled = bundledVersions();
        if (bundled.isEmpty()) {
            return false;
        }
        Properties login = new Properties();
        login.setProperty("user", user);
        login.setProperty("password", password);
        login.setProperty("loginTimeout", "5");
        // PostgreSQL's own driver, not DriverManager: that would first load every JDBC driver on the
        // class path, OpenTelemetry's among them, whose initialisation alone took a tenth of a start
        try (Connection connection = new Driver().connect(jdbcUrl, login)) {
            return connection != null && appliedVersions(connection).containsAll(bundled);   // null: not a PostgreSQL URL
        } catch (SQLException unknown) {
            return false;
        }
    }

    private static Set<String> appliedVersions(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet applied = statement.executeQuery("SELECT version FROM flyway_schema_history WHERE success")) {
            Set<String> versions = new HashSet<>();
            while (applied.next()) {
                versions.add(applied.getString(1));
            }
            return versions;
        }
    }

    /** Versions as Flyway writes them in its history ({@code V1_2__x.sql} is {@code 1.2}). */
    static Set<String> bundledVersions() {
        Set<String> versions = new HashSet<>();
        for (String name : bundledFiles()) {
            Matcher versioned = VERSIONED.matcher(name);
            if (versioned.matches()) {
                versions.add(versioned.group(1).replace('_', '.'));
            }
        }
        return versions;
    }

    private static Set<String> bundledFiles() {
        URL folder = MigrationsApplied.class.getClassLoader().getResource(LOCATION);
        Set<String> names = new HashSet<>();
        try {
            if (folder == null) {
                return names;
            }
            if (folder.openConnection() instanceof JarURLConnection jar) {
                try (JarFile file = new JarFile(jar.getJarFileURL().getPath())) {
                    file.stream().map(entry -> entry.getName()).filter(name -> name.startsWith(LOCATION + "/")).forEach(names::add);
                }
            } else {
                try (Stream<Path> files = Files.list(Path.of(folder.toURI()))) {
                    files.map(path -> path.getFileName().toString()).forEach(names::add);
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException unreadable) {
            names.clear();   // an incomplete list must not skip a migration
        }
        return names;
    }
}
