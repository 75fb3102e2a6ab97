package org.submission.deploy;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.submission.deploy.launcher.Launcher;

/**
 * {@code java -jar deploy/launcher/target/submission-launcher.jar [run] [options]}: starts the
 * local stack ({@code ./run.sh} does this). The Kubernetes manifests are rendered by
 * {@code kubectl kustomize} (deploy/README.md), not by this program.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        List<String> all = Arrays.asList(args);
        if (!all.isEmpty() && !all.get(0).equals("run") && !all.get(0).startsWith("-")) {
            System.err.println("Unknown command " + all.get(0) + ". The only command is run (the default);"
                    + " render manifests with: kubectl kustomize deploy/k8s/overlays/production");
            System.exit(Launcher.REFUSED);
        }
        List<String> options = !all.isEmpty() && all.get(0).equals("run") ? all.subList(1, all.size()) : all;
        System.exit(Launcher.run(options, projectRoot(), System.out, System.err));
    }

    /** The checkout this program was built in (the folder holding mvnw), else the working directory. */
    public static Path projectRoot() {
        try {
            Path here = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = here; p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve("mvnw")) && Files.isDirectory(p.resolve("deploy"))) {
                    return p;
                }
            }
        } catch (URISyntaxException | RuntimeException ignored) {
            // fall back to the working directory
        }
        return Path.of("").toAbsolutePath();
    }
}
