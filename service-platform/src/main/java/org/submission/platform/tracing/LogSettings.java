package org.submission.platform.tracing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code SUBMISSION_LOG_*}: the form of the services' log lines. */
@ConfigMapping(prefix = "submission.log")
public interface LogSettings {

    /** One JSON object per log line (with traces on, each carries the trace and span ids). */
    @WithDefault("false")
    boolean json();
}
