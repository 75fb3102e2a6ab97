import java.io.File;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

/**
 * Writes a pgbench script that runs the policy service's own statement for one endpoint, read from
 * a package (its quarkus-app folder), so that the statement's ceiling is measured on exactly what
 * that build sends, with the same parameters as parameters (pgbench -M prepared binds :id, :title,
 * :rules, :metadata_bytes and :repository; run.sh gives all but :id with -D), or the planner settings its
 * connections send at their start, as PGOPTIONS for pgbench (the package's
 * submission.db.random-page-cost; nothing for a package without it).
 *
 * A package whose one statement serves both answers gives that statement for both endpoints, and
 * for "kept" the statement a kept graph of policy rules costs once PASS changed (its rows' version
 * alone). A package before it gives nothing for "kept".
 *
 *   java StatementScript.java QUARKUS_APP policies|repositories|kept|pgoptions
 */
public class StatementScript {

    public static void main(String[] args) throws Exception {
        File app = new File(args[0]);
        List<URL> jars = new ArrayList<>();
        for (String folder : new String[] {"app", "lib/main"}) {
            File[] files = new File(app, folder).listFiles((dir, name) -> name.endsWith(".jar"));
            for (File jar : files == null ? new File[0] : files) {
                jars.add(jar.toURI().toURL());
            }
        }
        try (URLClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), null)) {
            if ("pgoptions".equals(args[1])) {
                System.out.println(pgOptions(loader));
                return;
            }
            Class<?> repository = Class.forName("org.submission.policy.repository.SubmissionGraphRepository", true, loader);
            boolean versioned = Arrays.stream(repository.getDeclaredFields()).anyMatch(f -> f.getName().equals("VERSION_SQL"));
            if (!versioned && "kept".equals(args[1])) {
                return;
            }
            Field field = repository.getDeclaredField("kept".equals(args[1]) ? "VERSION_SQL" : versioned ? "ONE_GRAPH"
                    : "policies".equals(args[1]) ? "ONE_POLICIES" : "ONE_REPOSITORIES");
            field.setAccessible(true);
            String sql = ((String) field.get(null)).strip();
            // since the metadata text is bounded in the statement, $4 is that bound and the
            // repository's name $5; a package from before has the name as $4
            boolean bounded = sql.contains("octet_length(s.metadata) <= $4");
            sql = sql.replace("$1", ":id").replace("$2", ":title").replace("$3", ":rules")
                    .replace("$4", bounded ? ":metadata_bytes" : ":repository").replace("$5", ":repository");
            // the ids of GenerateSeed.java's submissions, as random-submission.lua asks for them
            System.out.println("\\set id random(100001, 110000)");
            System.out.println(sql + ";");
        }
    }

    private static String pgOptions(ClassLoader loader) throws Exception {
        Properties settings = new Properties();
        for (URL file : Collections.list(loader.getResources("META-INF/microprofile-config.properties"))) {
            try (InputStream in = file.openStream()) {
                settings.load(in);
            }
        }
        String cost = settings.getProperty("submission.db.random-page-cost", "");
        return cost.isBlank() ? "" : "-c random_page_cost=" + cost;
    }
}
