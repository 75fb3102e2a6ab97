package org.submission.doi.service;

import io.vertx.core.Vertx;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.health.DoiMetrics;
import org.submission.doi.repository.LookupCoordination;

/** What the lookups of both upstreams share: the statements, the times, who this process is. */
record LookupParts(LookupCoordination coordination, LookupTimes times, DoiSettings.Cache cacheSettings,
                   PendingEnds pending, DoiMetrics metrics, Vertx vertx, String holder) {
}
