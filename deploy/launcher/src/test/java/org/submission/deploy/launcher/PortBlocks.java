package org.submission.deploy.launcher;

import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * Consecutive free ports for a stack under test, below the kernel's ephemeral range (from 32768 on
 * Linux): there the port of an outgoing connection, a service's own to PostgreSQL among them, could
 * take one between the check and the start (a schema service once failed to start on such a port).
 */
final class PortBlocks {

    private static final int LOWEST = 20_000;
    private static final int EPHEMERAL = 32_768;

    private PortBlocks() {
    }

    /** The first port of {@code size} consecutive free ones. */
    static int free(int size) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int first = LOWEST + ThreadLocalRandom.current().nextInt(EPHEMERAL - LOWEST - size);
            if (IntStream.range(first, first + size).allMatch(Ports::free)) {
                return first;
            }
        }
        throw new IllegalStateException("no " + size + " consecutive free ports below " + EPHEMERAL);
    }
}
