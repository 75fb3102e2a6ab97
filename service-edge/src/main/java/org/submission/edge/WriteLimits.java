package org.submission.edge;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code submission.http.*}, a group of {@link EdgeSettings}: how much a service holds for clients that do not read their answers.
 * The connection limit ({@code SUBMISSION_HTTP_MAX_CONNECTIONS}) is Quarkus's
 * {@code quarkus.http.limits.max-connections}, set from it in the shared configuration.
 */
public interface WriteLimits {

    /**
     * Answer bytes queued for all connections together that have not reached the socket yet; a
     * larger answer past it is replaced by 503 ({@link WriteBudget}). Queued answers are Netty's
     * direct buffers, which the JVM limits to the heap's maximum (the images' 128 MiB; a hundred
     * queued 1.87 MB answers took all of it): a quarter of that, 17 such answers.
     */
    @WithDefault("32M")
    MemorySize writeBudget();

    /**
     * A connection none of whose writes completed for this long is closed: a client that stopped
     * reading, or one that holds a connection open without asking. Longer than the slowest request
     * takes to answer (the DOI service's upstream deadline and turn wait) plus the time a slow but
     * reading client needs for the largest answer.
     */
    @WithDefault("60s")
    Duration writeIdleTimeout();

    /**
     * Each connection's socket send buffer (SO_SNDBUF; the kernel keeps twice this). Without it the
     * kernel grows a connection's buffer up to 4 MB for a client that reads nothing (tcp_wmem), memory
     * the pod is charged for and no setting of the service bounds; at 32 KB a thousand connections
     * hold 64 MB at most, and a connection 1 ms away still moves 30 MB/s.
     */
    @WithDefault("32K")
    MemorySize sendBufferSize();
}
