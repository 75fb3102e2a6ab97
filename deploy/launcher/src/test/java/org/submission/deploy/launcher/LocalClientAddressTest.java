package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.submission.platform.testing.LoopbackClient;

/**
 * Whose failed authentications the local stack charges: the services believe the X-Forwarded-For of
 * the gateway alone, which connects from an address of its own, so that a local caller that writes
 * one is charged for its own address and cannot lock out a client of the gateway.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LocalClientAddressTest {

    private static final String PATH = "/policy/policies?submission=60";

    private ReplicatedStack stack;

    @BeforeAll
    void start() throws Exception {
        stack = ReplicatedStack.start(1);
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    private String basic(String password) {
        return "Authorization: Basic " + Base64.getEncoder().encodeToString(
                (stack.backendUser() + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aLocalCallerWritingForwardedForIsChargedForItselfNotTheAddressItNames() {
        int service = stack.replicas("policy-service").get(0).spec().port();
        List<Integer> guesses = new ArrayList<>();
        try (LoopbackClient guesser = new LoopbackClient("127.0.0.1", service)) {
            for (int i = 0; i < 6; i++) {
                guesses.add(guesser.get(PATH, basic("guess-" + i), "X-Forwarded-For: 127.0.0.31").status());
            }
        }
        int gateway = URI.create(stack.gateway()).getPort();
        try (LoopbackClient named = new LoopbackClient("127.0.0.31", gateway)) {
            assertThat(guesses).containsExactly(401, 401, 401, 401, 401, 429);
            assertThat(named.get(PATH, basic(stack.backendPassword())).status()).isEqualTo(200);
        }
    }
}
