package org.submission.deploy.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One replica of one of the three services: its Maven module and the port it gets in the local stack. */
public record ServiceSpec(String name, int port, int replica) {

    static final List<String> NAMES = List.of("schema-service", "policy-service", "doi-service");

    /** The three services on consecutive ports after the gateway's (8081, 8082, 8083 by default). */
    public static List<ServiceSpec> all(int gatewayPort) {
        return all(gatewayPort, 1);
    }

    /** {@code replicas} of each service: the first replicas on N+1..N+3, the second on N+4..N+6, and so on. */
    public static List<ServiceSpec> all(int gatewayPort, int replicas) {
        List<ServiceSpec> specs = new ArrayList<>();
        for (int replica = 1; replica <= replicas; replica++) {
            for (int i = 0; i < NAMES.size(); i++) {
                specs.add(new ServiceSpec(NAMES.get(i), gatewayPort + 1 + i + NAMES.size() * (replica - 1), replica));
            }
        }
        return specs;
    }

    /** The service's name, with the replica's number after the first: its log file's name. */
    public String id() {
        return replica == 1 ? name : name + "-" + replica;
    }

    public Path runnerJar(Path root) {
        return root.resolve(name).resolve("target/quarkus-app/quarkus-run.jar");
    }
}
