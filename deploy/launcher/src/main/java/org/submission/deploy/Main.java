package org.submission.deploy;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.submission.deploy.k8s.ManifestTool;
import org.submission.deploy.launcher.Launcher;

/**
 * {@code java -jar deploy/launcher/target/submission-launcher.jar [command]}: without a command
 * (or with {@code run}) starts the local stack ({@code ./run.sh} does this); {@code render DIR},
 * {@code check-manifests} and {@code sync-manifests} work on the kustomize files of deploy/k8s.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        List<String> all = Arrays.asList(args);
        String command = all.isEmpty() ? "run" : all.get(0);
        List<String> rest = all.isEmpty() || command.startsWith("-") ? all : all.subList(1, all.size());
        System.exit(switch (command) {
            case "render", "check-manifests", "sync-manifests" ->
                    ManifestTool.run(command, rest, projectRoot(), System.out, System.err);
            case "run" -> Launcher.run(rest, projectRoot(), System.out, System.err);
            default -> command.startsWith("-") ? Launcher.run(rest, projectRoot(), System.out, System.err)
                    : usage(command);
        });
    }

    private static int usage(String command) {
        System.err.println("Unknown command " + command + ". Commands: run (the default), render DIR,"
                + " check-manifests, sync-manifests.");
        return 2;
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
