package org.submission.deploy.k8s;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The manifest commands of the launcher jar: {@code render DIR}, {@code check-manifests}, {@code sync-manifests}. */
public final class ManifestTool {

    private ManifestTool() {
    }

    public static int run(String command, List<String> args, Path root, PrintStream out, PrintStream err) {
        try {
            return switch (command) {
                case "render" -> render(args, out, err);
                case "check-manifests" -> check(root, out, err);
                case "sync-manifests" -> {
                    List<String> copied = GeneratedManifests.sync(root);
                    out.println(copied.isEmpty() ? "Nothing to copy: build the services first (./mvnw -B package -DskipTests)."
                            : "Copied the generated manifests of " + String.join(", ", copied) + " into deploy/k8s/base.");
                    yield copied.isEmpty() ? 1 : 0;
                }
                default -> throw new IllegalArgumentException("unknown command " + command);
            };
        } catch (IOException | RuntimeException e) {
            err.println(command + " failed: " + e.getMessage());
            return 1;
        }
    }

    private static int render(List<String> args, PrintStream out, PrintStream err) throws IOException {
        if (args.size() != 1) {
            err.println("Usage: render DIR   (a folder holding kustomization.yaml, e.g. deploy/k8s/overlays/production)");
            return 2;
        }
        out.print(Yaml.dump(Kustomize.render(Path.of(args.get(0)))));
        return 0;
    }

    /** Renders the base and every overlay and checks each; answers 1 when anything is wrong. */
    private static int check(Path root, PrintStream out, PrintStream err) throws IOException {
        String readme = Files.readString(root.resolve("deploy/README.md"), StandardCharsets.UTF_8);
        List<String> problems = new ArrayList<>();
        for (Path dir : kustomizations(root)) {
            List<String> found = ManifestChecks.problems(Kustomize.render(dir), readme);
            out.println(root.relativize(dir) + ": " + (found.isEmpty() ? "ok" : found.size() + " problem(s)"));
            found.forEach(p -> problems.add(root.relativize(dir) + ": " + p));
        }
        for (String service : GeneratedManifests.outOfDate(root)) {
            problems.add("deploy/k8s/base/" + service + ".yml differs from what the build generates;"
                    + " run: java -jar deploy/launcher/target/submission-launcher.jar sync-manifests");
        }
        problems.forEach(err::println);
        return problems.isEmpty() ? 0 : 1;
    }

    /** deploy/k8s/base and each folder of deploy/k8s/overlays. */
    public static List<Path> kustomizations(Path root) throws IOException {
        List<Path> dirs = new ArrayList<>();
        dirs.add(root.resolve("deploy/k8s/base"));
        Path overlays = root.resolve("deploy/k8s/overlays");
        if (Files.isDirectory(overlays)) {
            try (Stream<Path> list = Files.list(overlays)) {
                list.filter(Files::isDirectory).sorted().forEach(dirs::add);
            }
        }
        return dirs;
    }
}
