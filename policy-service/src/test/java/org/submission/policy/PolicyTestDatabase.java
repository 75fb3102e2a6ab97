package org.submission.policy;

import org.submission.platform.testing.StoppablePostgres;

/**
 * This module's tests' database: the platform's {@link StoppablePostgres}, which they need for
 * counting a request's statements ({@code pg_stat_statements}) and for a real outage and the
 * recovery (stopped and started again on the same port and data).
 */
public class PolicyTestDatabase extends StoppablePostgres {
}
