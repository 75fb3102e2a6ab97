package org.submission.deploy.launcher;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

/** Refuses to start when a port the stack needs is already taken, naming who needed it. */
public final class Ports {

    private Ports() {
    }

    /** Port → what would use it; throws naming every taken port. */
    public static void requireFree(Map<Integer, String> wanted) throws LaunchException {
        List<String> taken = wanted.entrySet().stream().filter(entry -> !free(entry.getKey()))
                .map(entry -> "port " + entry.getKey() + " (" + entry.getValue() + ")").toList();
        if (!taken.isEmpty()) {
            throw new PortTakenException("Cannot start: " + String.join(", ", taken) + " already in use by another"
                    + " program. Stop it (e.g. an earlier ./run.sh; `ss -ltnp` shows who listens) or choose"
                    + " other ports with --port N (the services then use N+1 to N+3).");
        }
    }

    /** Binding the wildcard address conflicts with a listener on any local address of that port. */
    public static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true); // a port with connections in TIME_WAIT is free; a listener is not
            socket.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
