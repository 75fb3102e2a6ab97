package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;

/**
 * The packaged service given a rules file it refuses: it stops, with one line naming the file, the line and the reason.
 * Its own launcher, not Quarkus': a {@code @QuarkusIntegrationTest} fails before its tests when the service does not
 * start, and here not starting is the point.
 */
class RulesRefusedAtStartIT {

    @Test
    void aRefusedRulesFileStopsTheStartWithItsFileLineAndReason() throws Exception {
        Path rules = Files.createTempFile("policy-rules", ".yaml");
        Files.writeString(rules, """
                version: 1
                policies:
                  - policy: "No Such Policy"
                    funders: []
                """);
        Map<String, String> settings = new HashMap<>(FreshDatabase.create().settings());
        settings.put("POLICY_RULES_FILE", rules.toString());
        try (PackagedService service = PackagedService.start(settings)) {
            assertThat(service.exitsWithin(Duration.ofSeconds(120))).as("the service stopped").isTrue();
            assertThat(service.process().exitValue()).isEqualTo(2);
            assertThat(service.log()).containsOnlyOnce("POLICY_RULES_FILE refused: " + rules + ", line 3: no policy \"No Such Policy\"");
        }
    }
}
