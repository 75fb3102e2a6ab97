package org.submission.deploy.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The command line of {@code ./run.sh}. */
public record LaunchOptions(String host, int port, boolean offline, Duration readyTimeout, Path root, Path logDir,
                            boolean help, int replicas) {

    public static final String USAGE = """
            Usage: ./run.sh [--offline] [--port N] [--host ADDRESS] [--timeout SECONDS] [--replicas N]

              Starts an embedded PostgreSQL with the demo data, the schema, policy and DOI services
              and a gateway that serves all three under one base URL, then waits; Ctrl-C stops it all.

              --offline         answer DOI lookups from recorded answers (no internet needed)
              --port N          gateway port (default 8080); the services take N+1, N+2, N+3
              --host ADDRESS    address the gateway listens on (default 127.0.0.1; 0.0.0.0 for all)
              --timeout SECONDS how long to wait for the services to be ready (default 180)
              --logs DIR        folder of the services' and the database's logs (default .local/logs)
              --replicas N      run N replicas of each service (default 1, at most 4) behind the
                                gateway, on ports N+4, N+5, N+6 for the second and so on

            Environment: SUBMISSION_DB_URL (use that PostgreSQL instead of an embedded one),
            SUBMISSION_BACKEND_USER / SUBMISSION_BACKEND_PASSWORD, SUBMISSION_JAVA_OPTS (JVM options
            of the services) and every variable of the services (docs/settings.md).
            """;

    public static LaunchOptions parse(List<String> args, Path root) throws LaunchException {
        String host = "127.0.0.1";
        int port = 8080;
        int replicas = 1;
        boolean offline = false;
        boolean help = false;
        Duration timeout = Duration.ofSeconds(180);
        Path logs = null;
        List<String> rest = new ArrayList<>(args);
        while (!rest.isEmpty()) {
            String arg = rest.remove(0);
            switch (arg) {
                case "--offline" -> offline = true;
                case "--port" -> port = number(arg, value(arg, rest), 1, 65532);
                case "--host" -> host = value(arg, rest);
                case "--timeout" -> timeout = Duration.ofSeconds(number(arg, value(arg, rest), 1, 3600));
                case "--root" -> root = Path.of(value(arg, rest)).toAbsolutePath().normalize();
                case "--replicas" -> replicas = number(arg, value(arg, rest), 1, 4);
                case "--logs" -> logs = Path.of(value(arg, rest)).toAbsolutePath().normalize();
                case "-h", "--help" -> help = true;
                default -> throw new LaunchException("Unknown option " + arg + "\n\n" + USAGE);
            }
        }
        if (port + 3 * replicas > 65535) {
            throw new LaunchException("--port " + port + " leaves no ports for " + replicas + " replicas of each service.");
        }
        if (!help && (root == null || !Files.isRegularFile(root.resolve("mvnw")))) {
            throw new LaunchException("Cannot find the project (the folder holding mvnw); pass --root DIR.");
        }
        return new LaunchOptions(host, port, offline, timeout, root,
                logs != null || root == null ? logs : root.resolve(".local/logs"), help, replicas);
    }

    private static String value(String option, List<String> rest) throws LaunchException {
        if (rest.isEmpty()) {
            throw new LaunchException(option + " needs a value\n\n" + USAGE);
        }
        return rest.remove(0);
    }

    private static int number(String option, String value, int min, int max) throws LaunchException {
        if (value.matches("\\d{1,9}") && Integer.parseInt(value) >= min && Integer.parseInt(value) <= max) {
            return Integer.parseInt(value);
        }
        throw new LaunchException(option + " needs a number from " + min + " to " + max + ", not " + value);
    }

    public List<ServiceSpec> services() {
        return ServiceSpec.all(port, replicas);
    }

    /** The host to put in printed URLs: the bound address, or loopback when bound to all. */
    public String publicHost() {
        return host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host;
    }
}
