package org.submission.deploy.launcher;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.submission.deploy.testing.FrontDoorClient;
import org.submission.deploy.testing.TwoReplicasBehindTheGateway;

/**
 * {@code ./run.sh --replicas 2}: two replicas of each real service (processes) on one database
 * behind the gateway, with the request suite of {@link TwoReplicasBehindTheGateway}: each
 * service's requests pass through it, the gateway spreads them over the replicas and takes a
 * replica that stops out of the turn without a failed request.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicasTest implements TwoReplicasBehindTheGateway {

    private ReplicatedStack stack;
    private FrontDoorClient client;

    @BeforeAll
    void startTwoReplicasOfEachService() throws Exception {
        stack = ReplicatedStack.start(2);
        client = new FrontDoorClient(URI.create(stack.gateway()), stack.backendUser(), stack.backendPassword());
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Override
    public FrontDoorClient client() {
        return client;
    }

    @Override
    public URI replica(String service, int index) {
        return URI.create("http://127.0.0.1:" + stack.replicas(service).get(index).spec().port());
    }

    @Override
    public void stopReplica(String service, int index) {
        ServiceProcess replica = stack.replicas(service).get(index);
        replica.requestStop();
        replica.awaitStop(Duration.ofSeconds(30));
    }
}
