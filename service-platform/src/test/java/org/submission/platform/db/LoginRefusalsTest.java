package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The pause after a refused login, on a clock of the test's own: it doubles, is capped, and a login forgets it. */
class LoginRefusalsTest {

    private static final PgException REFUSED = new PgException("any text at all", "FATAL", "28P01", null);

    private final AtomicLong now = new AtomicLong();
    private final LoginRefusals logins = new LoginRefusals(Duration.ofSeconds(1), Duration.ofSeconds(4), now::get);

    @Test
    void aRefusedLoginIsAnsweredWithoutAnAttemptUntilItsPauseHasPassed() {
        tryAndGet(REFUSED);

        assertThat(logins.admit()).isSameAs(REFUSED);
        at(Duration.ofMillis(999));
        assertThat(logins.admit()).isSameAs(REFUSED);
        at(Duration.ofSeconds(1));
        assertThat(logins.admit()).isNull();
    }

    @Test
    void onlyOneAttemptAtATimeTriesAgainAfterThePause() {
        tryAndGet(REFUSED);
        at(Duration.ofSeconds(1));

        assertThat(logins.admit()).isNull();
        assertThat(logins.admit()).as("while the first is trying").isSameAs(REFUSED);
    }

    @Test
    void eachRefusalInARowDoublesThePauseUpToItsMaximum() {
        List<Long> pauses = new ArrayList<>();
        assertThat(logins.admit()).isNull();
        for (int i = 0; i < 5; i++) {
            long refusedAt = now.get();
            logins.settle(REFUSED);
            while (logins.admit() != null) {
                now.addAndGet(Duration.ofMillis(100).toNanos());
            }
            pauses.add(Duration.ofNanos(now.get() - refusedAt).toMillis());
        }

        assertThat(pauses).containsExactly(1000L, 2000L, 4000L, 4000L, 4000L);
    }

    @Test
    void aLoginThatSucceedsForgetsTheRefusals() {
        tryAndGet(REFUSED);
        at(Duration.ofSeconds(1));
        logins.admit();
        logins.settle(REFUSED);
        at(Duration.ofSeconds(3));
        logins.admit();
        logins.settle(null);

        assertThat(logins.admit()).isNull();
        tryAndGet(REFUSED);
        at(Duration.ofSeconds(4));
        assertThat(logins.admit()).as("the first pause again").isNull();
    }

    @Test
    void anUnreachableServerIsNotRememberedAsARefusedLogin() {
        tryAndGet(new ConnectException("Connection refused"));

        assertThat(logins.admit()).isNull();
    }

    private void tryAndGet(Throwable failure) {
        assertThat(logins.admit()).isNull();
        logins.settle(failure);
    }

    private void at(Duration sinceStart) {
        now.set(sinceStart.toNanos());
    }
}
