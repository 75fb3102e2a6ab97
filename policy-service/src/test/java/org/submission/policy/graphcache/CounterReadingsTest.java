package org.submission.policy.graphcache;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CounterReadingsTest {

    private final CounterReadings readings = new CounterReadings();

    @Test
    void nothingIsTrustedBeforeAReading() {
        assertThat(readings.trusted()).isEqualTo(CounterReadings.UNTRUSTED);
    }

    @Test
    void checksAreTrustedOnceTheTransactionsOfTheFirstReadingHaveEnded() {
        readings.read(5, 100, 103);
        assertThat(readings.trusted()).isEqualTo(CounterReadings.UNTRUSTED);

        readings.read(5, 101, 106);
        assertThat(readings.trusted()).as("transactions before 106 may still run").isEqualTo(CounterReadings.UNTRUSTED);

        readings.read(5, 106, 108);
        assertThat(readings.trusted()).isNotEqualTo(CounterReadings.UNTRUSTED);
    }

    @Test
    void withNoTransactionRunningTheReadingAfterAMoveTrustsAtOnce() {
        readings.read(5, 100, 100);
        readings.read(5, 100, 100);

        assertThat(readings.trusted()).isNotEqualTo(CounterReadings.UNTRUSTED);
    }

    @Test
    void aMoveOfTheCounterStartsANewEpochAndTrustsNothingUntilItsWritersHaveEnded() {
        trustedAt(5);
        long before = readings.trusted();

        readings.read(6, 110, 112);
        assertThat(readings.trusted()).isEqualTo(CounterReadings.UNTRUSTED);
        readings.read(6, 111, 115);
        assertThat(readings.trusted()).isEqualTo(CounterReadings.UNTRUSTED);
        readings.read(6, 115, 115);

        assertThat(readings.trusted()).isGreaterThan(before);
    }

    @Test
    void aMoveWhileWaitingWaitsForTheLaterReadingsSnapshot() {
        readings.read(5, 100, 103);
        readings.read(6, 103, 104);
        readings.read(6, 104, 109);
        readings.read(6, 105, 110);
        assertThat(readings.trusted()).as("transactions before 109 may still run").isEqualTo(CounterReadings.UNTRUSTED);

        readings.read(6, 109, 110);
        assertThat(readings.trusted()).isNotEqualTo(CounterReadings.UNTRUSTED);
    }

    @Test
    void lostReadingsTrustNothingAndTheNextReadingCountsAsAMove() {
        trustedAt(5);
        long before = readings.trusted();

        readings.lost();
        assertThat(readings.trusted()).isEqualTo(CounterReadings.UNTRUSTED);
        readings.read(5, 120, 120);
        assertThat(readings.trusted()).isEqualTo(CounterReadings.UNTRUSTED);
        readings.read(5, 120, 120);

        assertThat(readings.trusted()).isGreaterThan(before);
    }

    private void trustedAt(long counter) {
        readings.read(counter, 100, 100);
        readings.read(counter, 100, 100);
        assertThat(readings.trusted()).isNotEqualTo(CounterReadings.UNTRUSTED);
    }
}
