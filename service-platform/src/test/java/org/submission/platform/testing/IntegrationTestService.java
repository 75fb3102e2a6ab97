package org.submission.platform.testing;

import io.quarkus.runtime.logging.LogRuntimeConfig;
import io.restassured.RestAssured;
import io.smallrye.config.SmallRyeConfig;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The packaged service that Quarkus runs for a {@code @QuarkusIntegrationTest} ({@code java} with
 * {@code quarkus.test.arg-line}, the images' JVM options, {@code -jar target/quarkus-app/quarkus-run.jar}):
 * a child process of the test JVM, on the port Quarkus found in its log, with the log file Quarkus
 * gave it. Ask for it in a test method, once Quarkus has pointed rest-assured at the service.
 */
public final class IntegrationTestService extends RunningService {

    private final ProcessHandle process;

    private IntegrationTestService(int port, ProcessHandle process) {
        super(port, ConfigProvider.getConfig().unwrap(SmallRyeConfig.class).getConfigMapping(LogRuntimeConfig.class)
                .file().path().toPath().toAbsolutePath());
        this.process = process;
    }

    /** The service of the running {@code @QuarkusIntegrationTest}. */
    public static IntegrationTestService current() {
        List<ProcessHandle> services = ProcessHandle.current().children()
                .filter(child -> child.info().arguments().map(List::of).orElse(List.of()).stream()
                        .anyMatch(argument -> argument.endsWith("quarkus-run.jar")))
                .toList();
        if (services.size() != 1) {
            throw new IllegalStateException("expected the one packaged service Quarkus started, found " + services.size()
                    + "; a @QuarkusIntegrationTest asks for it in a test method");
        }
        return new IntegrationTestService(RestAssured.port, services.get(0));
    }

    @Override
    public ProcessHandle handle() {
        return process;
    }
}
