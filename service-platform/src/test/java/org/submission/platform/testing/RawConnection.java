package org.submission.platform.testing;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One connection from a chosen loopback source address that sends what a test writes, byte for
 * byte: a request head without its body, part of a body, or nothing at all. Reads answers up to
 * 30 s, long past any answer the service gives at once, so that one the service does not give
 * fails the read instead of passing by chance.
 */
public final class RawConnection implements Closeable {

    private final Socket socket;
    private final InputStream in;

    public RawConnection(String sourceAddress, int port) {
        socket = connect(sourceAddress, port, 30_000);
        try {
            in = socket.getInputStream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A socket from {@code sourceAddress} to the service on {@code port} whose reads wait {@code readTimeout} ms at most. */
    static Socket connect(String sourceAddress, int port, int readTimeout) {
        Socket socket = new Socket();
        try {
            socket.bind(new InetSocketAddress(InetAddress.getByName(sourceAddress), 0));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            socket.setSoTimeout(readTimeout);
            return socket;
        } catch (IOException e) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // the connection's failure is the one reported
            }
            throw new UncheckedIOException(e);
        }
    }

    /** A POST head declaring a body of {@code length} bytes, with the given header lines, and none of the body. */
    public RawConnection postHead(String target, long length, String... headerLines) {
        StringBuilder head = new StringBuilder("POST " + target + " HTTP/1.1\r\nHost: localhost\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        head.append("Content-Length: ").append(length).append("\r\n\r\n");
        return write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    /** A GET head, which asks for an answer at once. */
    public RawConnection get(String target) {
        return write(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
    }

    /** {@code count} bytes of a body. */
    public RawConnection body(int count) {
        byte[] bytes = new byte[count];
        Arrays.fill(bytes, (byte) 'x');
        return write(bytes);
    }

    private RawConnection write(byte[] bytes) {
        try {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The status and the rest of what the service sent up to the end of the answer's head, or 0 if it closed first. */
    public String answerHead() {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        try {
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    return head.size() == 0 ? "0" : head.toString(StandardCharsets.ISO_8859_1);
                }
                head.write(b);
            }
            return head.toString(StandardCharsets.ISO_8859_1);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no answer within 30 s", e);
        } catch (IOException reset) {
            return "0";
        }
    }

    /** The answer's status code, 0 when the service closed the connection without one. */
    public int status() {
        String head = answerHead();
        return head.startsWith("HTTP/1.1 ") ? Integer.parseInt(head.substring(9, 12)) : 0;
    }

    /** Whether the service closed the connection: its end, or a reset, comes after what it sent. */
    public boolean closedByService() {
        try {
            while (true) {
                if (in.read() < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException open) {
            return false;
        } catch (IOException reset) {
            return true;
        }
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
