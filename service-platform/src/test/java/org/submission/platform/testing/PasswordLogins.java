package org.submission.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The tests' PostgreSQL lets every login in without a password (trust); a role named here must
 * give its password, as on a real server, so that a wrong or changed password is refused. The
 * server's pg_hba.conf gets one line per role ahead of the others, and is reloaded.
 */
public final class PasswordLogins {

    private PasswordLogins() {
    }

    public static synchronized void require(FreshDatabase db, String role) {
        try (Connection connection = db.dataSource().getConnection(); Statement statement = connection.createStatement()) {
            Path hba;
            try (ResultSet file = statement.executeQuery("SHOW hba_file")) {
                file.next();
                hba = Path.of(file.getString(1));
            }
            String line = "host all " + role + " all scram-sha-256\n";
            String current = Files.readString(hba);
            if (!current.contains(line)) {
                Files.writeString(hba, line + current);
            }
            statement.execute("SELECT pg_reload_conf()");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
