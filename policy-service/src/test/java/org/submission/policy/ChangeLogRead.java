package org.submission.policy;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.submission.policy.graphcache.PassChangeLog;

/** For tests that write to PASS's tables and then count what a kept answer costs: the pod has read what they wrote. */
final class ChangeLogRead {

    private ChangeLogRead() {
    }

    /** Two more reads of the change log: the second began after every commit before this call. */
    static void caughtUp(PassChangeLog log) {
        long now = log.reads();
        await().atMost(Duration.ofSeconds(10)).until(() -> log.reads() >= now + 2);
    }
}
