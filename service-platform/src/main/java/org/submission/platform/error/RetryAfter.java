package org.submission.platform.error;

import java.time.Duration;

/** A wait as the whole seconds of a {@code Retry-After} header: rounded up, at least 1, so that a caller never retries early. */
public final class RetryAfter {

    private RetryAfter() {
    }

    public static int seconds(Duration wait) {
        return (int) Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
