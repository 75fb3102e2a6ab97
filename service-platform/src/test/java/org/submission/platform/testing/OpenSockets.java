package org.submission.platform.testing;

import java.io.IOException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Client sockets a test opens one by one and ends together: {@link #close()} closes each, whatever the others do. */
public final class OpenSockets implements AutoCloseable, Iterable<Socket> {

    private final List<Socket> sockets = new ArrayList<>();

    /** Keeps {@code socket} for {@link #close()}, before it connects, so that a failed connect is closed too. */
    public Socket add(Socket socket) {
        sockets.add(socket);
        return socket;
    }

    @Override
    public Iterator<Socket> iterator() {
        return sockets.iterator();
    }

    @Override
    public void close() {
        for (Socket socket : sockets) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing is all that is asked
            }
        }
    }
}
