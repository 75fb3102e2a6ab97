package org.submission.deploy.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** {@code ./run.sh}: starts the local stack, prints how to use it, stops it all on Ctrl-C or SIGTERM. */
public final class Launcher {

    /** Exit status when the command line is wrong or a port is taken: nothing was started. */
    public static final int REFUSED = 2;

    private Launcher() {
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
        Thread hook = new Thread(() -> {
            out.println("\nStopping the services, the gateway and the database...");
            stack.close();
            out.println("Stopped.");
        }, "local-stack-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            stack.start(out);
        } catch (PortTakenException e) {
            err.println(e.getMessage());
            return REFUSED;
        } catch (LaunchException e) {
            err.println(e.getMessage());
            return 1;
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
        try {
            CompletableFuture.anyOf(exits).get();
            Thread.sleep(500); // a Ctrl-C reaches the services too: give the shutdown hook time to claim it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } catch (ExecutionException e) {
            return 1;
        }
        if (stack.stopping()) {
            return 0;
        }
        for (ServiceProcess service : stack.services()) {
            if (!service.process().isAlive()) {
                err.println(service.spec().name() + " stopped unexpectedly (exit code " + service.process().exitValue()
                        + "); stopping everything. The end of " + service.log() + ":\n" + service.tail(20));
            }
        }
        return 1;
    }
}
