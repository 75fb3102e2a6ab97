package org.submission.edge;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithParentName;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/**
 * The edge's settings, {@code submission.http.*}, one group per defence, each default in its
 * group; the groups share the prefix, so that the settings keep the names (and environment
 * variables) operators set. Each group is a bean of its own ({@link Groups}), injected into the
 * defence it bounds.
 */
@ConfigMapping(prefix = "submission.http")
public interface EdgeSettings {

    @WithParentName
    RequestLimits requests();

    @WithParentName
    BodyLimits bodies();

    @WithParentName
    ConnectionLimits connections();

    @WithParentName
    WriteLimits writes();

    @ApplicationScoped
    class Groups {

        @Produces
        RequestLimits requests(EdgeSettings settings) {
            return settings.requests();
        }

        @Produces
        BodyLimits bodies(EdgeSettings settings) {
            return settings.bodies();
        }

        @Produces
        ConnectionLimits connections(EdgeSettings settings) {
            return settings.connections();
        }

        @Produces
        WriteLimits writes(EdgeSettings settings) {
            return settings.writes();
        }
    }
}
