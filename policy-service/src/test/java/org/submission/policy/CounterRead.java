package org.submission.policy;

import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;

/** For tests that write to PASS's tables and then ask as a backend account, served within the read period: the pod has read the change counter since. */
final class CounterRead {

    private CounterRead() {
    }

    /** Two more reads of the change counter: the second began after every commit before this call. */
    static void caughtUp(MeterRegistry registry) {
        double now = reads(registry);
        await().atMost(Duration.ofSeconds(10)).until(() -> reads(registry) >= now + 2);
    }

    /** Whether the pod reads PASS's change counter: unchanged kept graphs cost no statement. */
    static boolean listening(MeterRegistry registry) {
        return registry.get("policy_answer_cache_listening").gauge().value() == 1;
    }

    private static double reads(MeterRegistry registry) {
        return registry.get("policy_change_counter_reads").counter().count();
    }
}
