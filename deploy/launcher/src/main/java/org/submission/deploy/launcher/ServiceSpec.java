package org.submission.deploy.launcher;

import java.nio.file.Path;
import java.util.List;

/** One of the three services: its Maven module and the port it gets in the local stack. */
public record ServiceSpec(String name, int port) {

    /** The three services on consecutive ports after the gateway's (8081, 8082, 8083 by default). */
    public static List<ServiceSpec> all(int gatewayPort) {
        return List.of(new ServiceSpec("schema-service", gatewayPort + 1),
                new ServiceSpec("policy-service", gatewayPort + 2),
                new ServiceSpec("doi-service", gatewayPort + 3));
    }

    public Path runnerJar(Path root) {
        return root.resolve(name).resolve("target/quarkus-app/quarkus-run.jar");
    }
}
