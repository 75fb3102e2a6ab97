package org.submission.deploy.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicaTurnTest {

    private static final URI A = URI.create("http://127.0.0.1:1");
    private static final URI B = URI.create("http://127.0.0.1:2");
    private static final URI C = URI.create("http://127.0.0.1:3");

    @Test
    void replicasAreTakenInTurn() {
        Replicas replicas = new Replicas(List.of(A, B, C));

        assertThat(List.of(replicas.inTurn().get(0), replicas.inTurn().get(0), replicas.inTurn().get(0),
                replicas.inTurn().get(0))).containsExactly(A, B, C, A);
    }

    @Test
    void aReplicaTakenOutComesLastUntilPutBack() {
        Replicas replicas = new Replicas(List.of(A, B, C));
        replicas.takeOut(A);

        assertThat(replicas.inTurn()).containsExactly(B, C, A);
        assertThat(replicas.inTurn()).containsExactly(B, C, A);
        replicas.putBack(A);
        assertThat(replicas.inTurn()).containsExactly(C, A, B);
    }
}
