import java.nio.file.Files;
import java.nio.file.Path;
import org.submission.localpostgres.LocalPostgres;

/**
 * The benchmark's PostgreSQL when SUBMISSION_DB_URL names none: the launcher's embedded one,
 * started from its class path. Prints the URL and keeps running until its input closes.
 */
public class LocalDatabase {

    public static void main(String... args) throws Exception {
        Path log = Files.createTempFile("footprint-postgres", ".log");
        try (LocalPostgres server = LocalPostgres.start(LocalPostgres.Options.defaults().log(log))) {
            System.out.println(server.url());
            System.out.flush();
            System.in.transferTo(java.io.OutputStream.nullOutputStream());
        }
    }
}
