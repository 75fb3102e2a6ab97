package org.submission.edge;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.WithDefault;

/**
 * {@code submission.http.*}, a group of {@link EdgeSettings}: how much of the heap request bodies being received may hold. A body
 * is buffered whole before its resource runs (at most {@code quarkus.http.limits.max-body-size}),
 * so a hundred and fifty clients each holding a 1 MB body a few bytes short ended a service.
 */
public interface BodyLimits {

    /**
     * Request body bytes being received, all requests together, counted from their head (the declared
     * length, or the largest body for one sent in chunks) until their answer: a body past it is refused
     * (503) before it is read. An eighth of the images' 128 MiB heap, sixteen of the largest bodies.
     */
    @WithDefault("16M")
    MemorySize bodyBudget();

    /** One client's share of {@link #bodyBudget()} (429 past it): four of the largest bodies. */
    @WithDefault("4M")
    MemorySize bodyBudgetPerClient();
}
