package org.submission.platform.tracing;

import java.util.Map;
import org.submission.platform.config.DerivedProperties;

/** Quarkus's JSON console switch from the operator's {@code SUBMISSION_LOG_JSON} (the JSON extension's own default is on). */
public class LogFormat extends DerivedProperties<LogSettings> {

    public LogFormat() {
        super(LogSettings.class);
    }

    @Override
    protected Map<String, String> derive(LogSettings log) {
        return Map.of("quarkus.log.console.json.enabled", Boolean.toString(log.json()));
    }
}
