package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.submission.deploy.testing.OperatorGuide;
import org.submission.deploy.testing.Project;

/**
 * The guide's example calls are the launcher's printed ones, which LocalStackLifecycleTest runs
 * exactly as printed: a call that stopped working would fail there, and a call edited in the
 * guide alone fails here.
 */
class OperatorGuideExamplesTest {

    @Test
    void everyCurlOfTheGuideIsOneOfTheLaunchersPrintedCalls() throws Exception {
        LaunchOptions defaults = LaunchOptions.parse(List.of("--offline"), Project.ROOT);
        URI base = URI.create("http://" + defaults.publicHost() + ":" + defaults.port());
        List<String> printed = Banner.EXAMPLES.stream().map(example -> example.curl(base,
                LocalStack.DEMO_SETTINGS.get("SUBMISSION_BACKEND_USER"),
                Optional.of(LocalStack.DEMO_SETTINGS.get("SUBMISSION_BACKEND_PASSWORD")))).toList();

        assertThat(OperatorGuide.read().commands("curl")).isNotEmpty().allSatisfy(curl -> assertThat(printed).contains(curl));
    }
}
