package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.deploy.testing.Project;

class LaunchOptionsTest {

    private static final Path ROOT = Project.ROOT;

    @Test
    void defaultsAreTheDocumentedPorts() throws LaunchException {
        LaunchOptions options = LaunchOptions.parse(List.of(), ROOT);

        assertThat(options.port()).isEqualTo(8080);
        assertThat(options.services()).extracting(ServiceSpec::name, ServiceSpec::port).containsExactly(
                org.assertj.core.groups.Tuple.tuple("schema-service", 8081),
                org.assertj.core.groups.Tuple.tuple("policy-service", 8082),
                org.assertj.core.groups.Tuple.tuple("doi-service", 8083));
        assertThat(options.host()).isEqualTo("127.0.0.1");
        assertThat(options.offline()).isFalse();
        assertThat(options.logDir()).isEqualTo(ROOT.resolve(".local/logs"));
    }

    @Test
    void optionsAreRead() throws LaunchException {
        LaunchOptions options = LaunchOptions.parse(
                List.of("--offline", "--port", "9000", "--host", "0.0.0.0", "--timeout", "30", "--logs", "/tmp/x"), ROOT);

        assertThat(options.offline()).isTrue();
        assertThat(options.services()).extracting(ServiceSpec::port).containsExactly(9001, 9002, 9003);
        assertThat(options.publicHost()).isEqualTo("127.0.0.1");
        assertThat(options.readyTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(options.logDir()).isEqualTo(Path.of("/tmp/x"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--port=8080", "--verbose", "--port", "--port 0", "--port 70000", "--timeout soon"})
    void wrongCommandLineIsRefusedWithTheUsage(String args) {
        assertThatThrownBy(() -> LaunchOptions.parse(List.of(args.split(" ")), ROOT))
                .isInstanceOf(LaunchException.class)
                .hasMessageFindingMatch("Unknown option|needs a value|needs a number");
    }
}
