package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.ExternalTool;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;

/**
 * The packaged service behind PgBouncer in transaction mode, which loses the statements a session
 * prepared (here at every transaction's end, so that it shows at once): it stops with one line
 * saying that only session mode works, instead of answering every request 500 while ready. Its own
 * launcher, not Quarkus': here not starting is the point.
 */
class TransactionPoolerIT {

    @Test
    void aPoolerInTransactionModeStopsTheServiceWithOneLine() throws Exception {
        Path pgbouncer = ExternalTool.require("pgbouncer");
        FreshDatabase database = FreshDatabase.create().migrate();
        try (Pooler pooler = Pooler.start(pgbouncer, URI.create(database.url()))) {
            Map<String, String> settings = new HashMap<>(database.settings());
            settings.put("SUBMISSION_DB_URL", pooler.url(database.name()));
            settings.put("SUBMISSION_DB_MIGRATE", "false");
            try (PackagedService service = PackagedService.start(settings)) {
                assertThat(service.exitsWithin(Duration.ofSeconds(120))).as("the service stopped").isTrue();
                assertThat(service.process().exitValue()).isEqualTo(2);
                assertThat(service.log()).containsOnlyOnce("a connection pooler in transaction or statement mode");
            }
        }
    }

    /** PgBouncer on a free loopback port, in transaction mode, in front of the test's server. */
    private record Pooler(Process process, int port) implements AutoCloseable {

        static Pooler start(Path pgbouncer, URI server) throws IOException, InterruptedException {
            Path dir = Files.createTempDirectory("pgbouncer", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }
            Files.writeString(dir.resolve("users.txt"), "\"postgres\" \"\"\n");
            Files.writeString(dir.resolve("pgbouncer.ini"), String.join("\n",
                    "[databases]",
                    "* = host=" + server.getHost() + " port=" + server.getPort(),
                    "[pgbouncer]",
                    "listen_addr = 127.0.0.1",
                    "listen_port = " + port,
                    "unix_socket_dir =",
                    "auth_type = trust",
                    "auth_file = " + dir.resolve("users.txt"),
                    "pool_mode = transaction",
                    "server_reset_query = DISCARD ALL",
                    "server_reset_query_always = 1",
                    "ignore_startup_parameters = extra_float_digits,statement_timeout,lock_timeout,random_page_cost",
                    ""));
            List<String> command = new ArrayList<>(List.of(pgbouncer.toString()));
            if ("root".equals(System.getProperty("user.name"))) {
                command.addAll(List.of("-u", "nobody")); // it refuses to run as root
            }
            command.add(dir.resolve("pgbouncer.ini").toString());
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("pgbouncer.log").toFile()).start();
            for (int attempt = 0; attempt < 100; attempt++) {
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                    return new Pooler(process, port);
                } catch (IOException notYet) {
                    Thread.sleep(100);
                }
            }
            process.destroy();
            throw new IllegalStateException("pgbouncer did not start: " + Files.readString(dir.resolve("pgbouncer.log")));
        }

        String url(String database) {
            return "postgresql://127.0.0.1:" + port + "/" + database;
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            process.waitFor();
        }
    }
}
