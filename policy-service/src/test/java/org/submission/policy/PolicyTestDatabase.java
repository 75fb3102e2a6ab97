package org.submission.policy;

import org.submission.platform.testing.StoppablePostgres;

/**
 * This module's tests' database: the platform's {@link StoppablePostgres}, which they need for
 * counting a request's statements ({@code pg_stat_statements}) and for a real outage and the
 * recovery (stopped and started again on the same port and data).
 */
public class PolicyTestDatabase extends StoppablePostgres {

    /**
     * The calls {@code pg_stat_statements} counts for the service's requests: not the counting's
     * own, nor the reads of PASS's change counter, which run on their own clock.
     */
    static final String REQUESTS_CALLS = "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements"
            + " WHERE query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pass_change_counter%'";
}
