package org.submission.deploy.policies;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.submission.deploy.policies.Catalogue.CatalogueException;
import org.submission.deploy.policies.PassCore.PassCoreException;

/**
 * {@code policies plan} and {@code policies apply} of the launcher jar: the catalogue beside a PASS
 * installation, read (and for apply, completed) through pass-core's JSON:API as the backend account
 * the services use ({@code SUBMISSION_BACKEND_USER}, {@code SUBMISSION_BACKEND_PASSWORD}).
 */
public final class PoliciesCommand {

    /** Exit status when pass-core cannot be reached, refuses the account or an answer: one line on stderr. */
    public static final int PASS_CORE_FAILED = 1;
    /** Exit status when the command line or the catalogue is wrong: nothing was asked of pass-core. */
    public static final int REFUSED = 2;

    public static final String USAGE = """
            Usage: java -jar submission-launcher.jar policies plan|apply --pass-core URL [--catalogue FILE]

              plan   compares the catalogue with PASS (its funders, policies and repositories); writes nothing
              apply  creates the Policy and Repository records the catalogue names and PASS lacks, through
                     pass-core; changes and deletes nothing; a second run creates nothing

              --pass-core URL    pass-core's base URL (its JSON:API is URL/data/...)
              --catalogue FILE   the version-2 rules file (default deploy/policies/catalogue.yaml)

            Environment: SUBMISSION_BACKEND_USER and SUBMISSION_BACKEND_PASSWORD, the backend account.
            """;

    private PoliciesCommand() {
    }

    public static int run(List<String> args, Map<String, String> env, Path root, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(args);
        String command = rest.isEmpty() ? "" : rest.remove(0);
        String base = null;
        Path catalogueFile = root.resolve("deploy/policies/catalogue.yaml");
        boolean wrong = !List.of("plan", "apply").contains(command);
        while (!rest.isEmpty() && !wrong) {
            String option = rest.remove(0);
            String value = rest.isEmpty() ? null : rest.remove(0);
            switch (option) {
                case "--pass-core" -> base = value;
                case "--catalogue" -> catalogueFile = value == null ? null : Path.of(value).toAbsolutePath().normalize();
                default -> wrong = true;
            }
        }
        if (wrong || catalogueFile == null || base == null || !(base.startsWith("http://") || base.startsWith("https://"))) {
            err.print(USAGE);
            return REFUSED;
        }
        String user = env.get("SUBMISSION_BACKEND_USER");
        String password = env.get("SUBMISSION_BACKEND_PASSWORD");
        if (user == null || user.isBlank() || password == null) {
            err.println("policies " + command + " needs the backend account: set SUBMISSION_BACKEND_USER and SUBMISSION_BACKEND_PASSWORD");
            return REFUSED;
        }
        Catalogue catalogue;
        try {
            catalogue = Catalogue.read(catalogueFile);
        } catch (CatalogueException e) {
            err.println("policies " + command + ": " + e.getMessage());
            return REFUSED;
        }
        PassCore passCore = new PassCore(URI.create(base), user, password);
        try {
            PassRecords pass = PassRecords.read(passCore);
            out.println("pass-core " + base + ": " + pass.funders().size() + " funders, " + pass.policies().size()
                    + " policies, " + pass.repositories().size() + " repositories; catalogue " + catalogueFile + ": "
                    + catalogue.rules().size() + " rules");
            Plan plan = new Plan(catalogue, pass);
            if (command.equals("plan")) {
                plan.print(out);
                return 0;
            }
            List<String> todo = new ArrayList<>(Apply.run(catalogue, pass, passCore, out));
            todo.addAll(Followups.of(plan));
            out.println("still to do:");
            todo.forEach(t -> out.println("- " + t));
            return 0;
        } catch (PassCoreException e) {
            err.println("policies " + command + " refused: " + e.getMessage());
            return PASS_CORE_FAILED;
        }
    }
}
