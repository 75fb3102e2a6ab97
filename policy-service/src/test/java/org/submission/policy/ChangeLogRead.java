package org.submission.policy;

import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;

/** For tests that write to PASS's tables and then count what a kept answer costs: the pod has read what they wrote. */
final class ChangeLogRead {

    private ChangeLogRead() {
    }

    /** Two more reads of the change log: the second began after every commit before this call. */
    static void caughtUp(MeterRegistry registry) {
        double now = reads(registry);
        await().atMost(Duration.ofSeconds(10)).until(() -> reads(registry) >= now + 2);
    }

    /** Whether the pod keeps graphs: it hears PASS's changes. */
    static boolean listening(MeterRegistry registry) {
        return registry.get("policy_answer_cache_listening").gauge().value() == 1;
    }

    private static double reads(MeterRegistry registry) {
        return registry.get("policy_change_log_reads").counter().count();
    }
}
