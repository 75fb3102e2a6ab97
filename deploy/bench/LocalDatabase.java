import java.nio.file.Path;
import org.submission.localpostgres.LocalPostgres;

/**
 * A benchmark's PostgreSQL when SUBMISSION_DB_URL names none: the launcher's embedded one
 * (module local-postgres), run from the launcher's class path by local-database.sh. Prints the
 * URL and keeps running until its input closes; its server log goes to the file given as argument.
 */
public class LocalDatabase {

    public static void main(String... args) throws Exception {
        try (LocalPostgres server = LocalPostgres.start(LocalPostgres.Options.defaults().log(Path.of(args[0])))) {
            System.out.println(server.url());
            System.out.flush();
            System.in.transferTo(java.io.OutputStream.nullOutputStream());
        }
    }
}
