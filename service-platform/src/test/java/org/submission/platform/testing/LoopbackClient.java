package org.submission.platform.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One keep-alive HTTP/1.1 connection from a chosen loopback source address (127.0.0.2 and up), so that
 * a test can play callers at different addresses: {@code java.net.http} cannot bind a local address.
 */
public final class LoopbackClient implements Closeable {

    /** Status, headers (names in lower case) and body of one answer. */
    public record Answer(int status, Map<String, String> headers, String body) {
    }

    private final Socket socket;
    private final InputStream in;

    public LoopbackClient(String sourceAddress, int port) {
        socket = RawConnection.connect(sourceAddress, port, 10_000);
        try {
            in = new BufferedInputStream(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A GET with the given extra header lines ({@code "Name: value"}), its answer read whole. */
    public Answer get(String target, String... headerLines) {
        StringBuilder request = new StringBuilder("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n");
        for (String line : headerLines) {
            request.append(line).append("\r\n");
        }
        try {
            socket.getOutputStream().write(request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Answer read() throws IOException {
        int status = Integer.parseInt(line().split(" ")[1]);
        Map<String, String> headers = new TreeMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
                body.write(in.readNBytes(size));
                line();
            }
            line();
        } else {
            body.write(in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0"))));
        }
        return new Answer(status, headers, body.toString(StandardCharsets.UTF_8));
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
