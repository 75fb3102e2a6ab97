package org.submission.deploy.launcher;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.submission.deploy.policies.PoliciesCommand;

/**
 * {@code ./run.sh} ({@code java -jar deploy/launcher/target/submission-launcher.jar [run] [options]}): starts
 * the local stack, prints how to use it, stops it all on Ctrl-C or SIGTERM. {@code policies plan|apply}
 * adopts the policy catalogue in a PASS installation ({@link PoliciesCommand}). The Kubernetes manifests are
 * rendered by {@code kubectl kustomize} (deploy/README.md), not by this program.
 */
public final class Launcher {

    /** Exit status when the command line is wrong or a port is taken: nothing was started. */
    public static final int REFUSED = 2;

    private Launcher() {
    }

    public static void main(String[] args) {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        List<String> all = Arrays.asList(args);
        if (!all.isEmpty() && all.get(0).equals("policies")) {
            System.exit(PoliciesCommand.run(all.subList(1, all.size()), System.getenv(), projectRoot(),
                    System.out, System.err));
        }
        if (!all.isEmpty() && !all.get(0).equals("run") && !all.get(0).startsWith("-")) {
            System.err.println("Unknown command " + all.get(0) + ". The commands are run (the default) and"
                    + " policies plan|apply; render manifests with: kubectl kustomize deploy/k8s/overlays/production");
            System.exit(REFUSED);
        }
        List<String> options = !all.isEmpty() && all.get(0).equals("run") ? all.subList(1, all.size()) : all;
        System.exit(run(options, projectRoot(), System.out, System.err));
    }

    /** The checkout this program was built in (the folder holding mvnw), else the working directory. */
    static Path projectRoot() {
        try {
            Path here = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
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

    public static int run(List<String> args, Path root, PrintStream out, PrintStream err) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args, root);
        } catch (LaunchException e) {
            err.println(e.getMessage());
            return REFUSED;
        }
        if (options.help()) {
            out.print(LaunchOptions.USAGE);
            return 0;
        }
        Instant begin = Instant.now();
        LocalStack stack = new LocalStack(options, System.getenv());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            out.println("\nStopping the services, the gateway and the database...");
            stack.close();
            out.println("Stopped.");
        }, "local-stack-stop"));
        try {
            stack.start(out);
        } catch (LaunchException e) {
            err.println(e.getMessage());
            return e instanceof PortTakenException ? REFUSED : 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
        out.print(Banner.text(stack, LocalStack.seconds(begin)));
        out.flush();
        return watch(stack, out, err);
    }

    /** Waits until a service ends on its own (a crash: the rest is stopped) or the JVM is told to stop. */
    private static int watch(LocalStack stack, PrintStream out, PrintStream err) {
        CompletableFuture<?>[] exits = stack.services().stream()
                .map(s -> s.process().onExit()).toArray(CompletableFuture[]::new);
        CompletableFuture.anyOf(exits).join();
        try {
            Thread.sleep(500); // a Ctrl-C reaches the services too: give the shutdown hook time to claim it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
        if (stack.stopping()) {
            return 0;
        }
        for (ServiceProcess service : stack.services()) {
            if (!service.process().isAlive()) {
                err.println(service.exit("stopped unexpectedly; stopping everything"));
            }
        }
        return 1;
    }
}
