package org.submission.deploy.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import org.submission.platform.testing.LoopbackClient;
import org.submission.platform.testing.OpenSockets;

/**
 * The attacks on connections themselves: pipelined requests never read, HTTP/2 with prior
 * knowledge, connections that never send a byte, and one address opening more connections than it
 * may hold. Each records what went wrong in {@code problems}; {@link #close()} ends every connection.
 */
final class ConnectionAttacks implements AutoCloseable {

    private static final byte[] HTTP2_PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\4\0\0\0\0\0".getBytes(StandardCharsets.ISO_8859_1);

    private final Queue<String> problems;
    private final OpenSockets sockets = new OpenSockets();

    ConnectionAttacks(Queue<String> problems) {
        this.problems = problems;
    }

    /** {@code connections} connections each sending {@code requests} pipelined requests for {@code request}'s answer, never reading. */
    void pipelineWithoutReading(int port, int connections, int requests, String request) throws IOException {
        byte[] bytes = request.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < connections; i++) {
            Socket socket = open("127.0.0.1", port);
            socket.setReceiveBufferSize(2048);
            OutputStream out = socket.getOutputStream();
            Thread sender = new Thread(() -> {
                try {
                    for (int n = 0; n < requests; n++) {
                        out.write(bytes);
                    }
                } catch (IOException ended) {
                    // closed by the test, or by the service's write-idle timeout
                }
            });
            sender.setDaemon(true);
            sender.start();
        }
    }

    /** A client speaking HTTP/2 with prior knowledge: a service refuses its request line in HTTP/1, never answers with HTTP/2's SETTINGS. */
    void http2PriorKnowledge(String service, int port) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(HTTP2_PREFACE);
            String answer = new String(socket.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
            if (!answer.matches("HTTP/\\d\\.\\d [45]\\d\\d")) {
                problems.add(service + " answered HTTP/2's preface with other than an HTTP/1 refusal: " + answer.length() + " bytes");
            }
        }
    }

    /** {@code count} connections that never send a byte, from {@code source}. */
    void silentConnections(int port, int count, String source) throws IOException {
        for (int i = 0; i < count; i++) {
            open(source, port);
        }
    }

    /**
     * How many of the silent connections the service has not closed, each waited for until
     * {@code meanwhile} from now and at most 15 s longer.
     */
    int stillOpen(String source, Duration meanwhile) {
        long deadline = System.nanoTime() + meanwhile.toNanos();
        int open = 0;
        for (Socket socket : sockets) {
            if (socket.getLocalAddress().getHostAddress().equals(source)) {
                try {
                    socket.setSoTimeout((int) Math.max(0, (deadline - System.nanoTime()) / 1_000_000) + 15_000);
                    if (socket.getInputStream().read() >= 0) {
                        open++;
                    }
                } catch (java.net.SocketTimeoutException waiting) {
                    open++;
                } catch (IOException reset) {
                    // closed
                }
            }
        }
        return open;
    }

    /** {@code count} kept-alive connections from one address, each asking {@code path}: how many were refused 429. */
    int manyConnectionsFromOneAddress(String service, int port, int count, String source, String path, String... headers) {
        List<LoopbackClient> clients = new ArrayList<>();
        int refused = 0;
        try {
            for (int i = 0; i < count; i++) {
                LoopbackClient client = new LoopbackClient(source, port);
                clients.add(client);
                int status = client.get(path, headers).status();
                if (status == 429) {
                    refused++;
                } else if (status != 200) {
                    problems.add(service + " connection " + i + " from one address answered " + status);
                }
            }
        } finally {
            clients.forEach(LoopbackClient::close);
        }
        return refused;
    }

    /** The resident memory of a process, in MiB. */
    static long rssMib(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(line -> line.startsWith("VmRSS:"))
                    .mapToLong(line -> Long.parseLong(line.replaceAll("\\D", "")) / 1024).findFirst().orElse(-1);
        } catch (IOException gone) {
            return -1;
        }
    }

    private Socket open(String source, int port) throws IOException {
        Socket socket = sockets.add(new Socket());
        socket.bind(new InetSocketAddress(InetAddress.getByName(source), 0));
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
        return socket;
    }

    @Override
    public void close() {
        sockets.close();
    }
}
