package org.submission.schema.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.submission.schema.service.ValidationSlots.Admission.ADMITTED;
import static org.submission.schema.service.ValidationSlots.Admission.ALL_FULL;
import static org.submission.schema.service.ValidationSlots.Admission.CALLER_FULL;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValidationSlotsTest {

    /** Two slots, one per caller, with a slot taken by each of {@code holders}. */
    private static ValidationSlots twoSlotsHeldBy(String... holders) {
        ValidationSlots slots = new ValidationSlots(2, 1);
        for (String holder : holders) {
            assertThat(slots.take(holder)).isEqualTo(ADMITTED);
        }
        return slots;
    }

    @Test
    void aCallerAtItsShareIsRefusedWhileAnotherCallerIsAdmitted() {
        ValidationSlots slots = twoSlotsHeldBy("flooder");

        assertThat(slots.take("flooder")).isEqualTo(CALLER_FULL);
        assertThat(slots.take("victim")).isEqualTo(ADMITTED);
    }

    @Test
    void aCallerWithinItsShareIsRefusedAsFullWhenOthersHoldEverySlot() {
        assertThat(twoSlotsHeldBy("a", "b").take("c")).isEqualTo(ALL_FULL);
    }

    @Test
    void aCallerOverItsShareIsRefusedForItsOwnExcessEvenWhenEverySlotIsTaken() {
        assertThat(twoSlotsHeldBy("a", "b").take("a")).isEqualTo(CALLER_FULL);
    }

    @Test
    void aReleasedSlotAdmitsTheSameCallerAgain() {
        ValidationSlots slots = twoSlotsHeldBy("a");
        slots.release("a");

        assertThat(slots.take("a")).isEqualTo(ADMITTED);
    }

    @Test
    void aCallerHoldingNothingIsForgotten() {
        ValidationSlots slots = new ValidationSlots(4, 2);
        slots.take("a");
        slots.take("a");
        slots.release("a");
        slots.release("a");

        assertThat(slots.callers()).isZero();
        assertThat(slots.taken()).isZero();
    }

    @Test
    void releasingASlotNotHeldFailsInsteadOfFreeingSomeoneElsesSlot() {
        ValidationSlots slots = twoSlotsHeldBy("a");

        assertThatThrownBy(() -> slots.release("b")).isInstanceOf(IllegalStateException.class);
        assertThat(slots.heldBy("a")).isEqualTo(1);
    }

    @Test
    void theDefaultShareIsHalfTheSlotsAndAtLeastOne() {
        assertThat(List.of(1, 2, 3, 8).stream().map(ValidationSlots::defaultShare).toList()).containsExactly(1, 1, 1, 4);
    }

    @Test
    void aShareBelowOneIsRejected() {
        assertThatThrownBy(() -> new ValidationSlots(2, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1");
    }

    /** Random takes and releases by many callers: the bounds hold after every step, and nothing is left at the end. */
    @Test
    void manyCallersNeverExceedTheirShareTheSlotsOrOneEntryPerSlot() {
        ValidationSlots slots = new ValidationSlots(6, 2);
        Random random = new Random(7);
        List<String> holding = new ArrayList<>();
        for (int step = 0; step < 20_000; step++) {
            if (!holding.isEmpty() && random.nextBoolean()) {
                slots.release(holding.remove(random.nextInt(holding.size())));
            } else {
                String caller = "c" + random.nextInt(1_000);
                if (slots.take(caller) == ADMITTED) {
                    holding.add(caller);
                }
            }
            assertThat(slots.taken()).isEqualTo(holding.size()).isLessThanOrEqualTo(6);
            assertThat(slots.callers()).isLessThanOrEqualTo(slots.taken());
        }
        holding.forEach(caller -> assertThat(slots.heldBy(caller)).isBetween(1, 2));
        holding.forEach(slots::release);
        assertThat(slots.callers()).isZero();
    }
}
