package org.submission.platform.startup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.submission.platform.db.ServiceMain;

/** What a deployment lists in SUBMISSION_REQUIRED_SETTINGS must be set, or the service does not start. */
class RequiredSettingsTest {

    private static final String LIST = "SERVICE_POLICY_INSTITUTION, DOI_SERVICE_MAILTO,SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE";

    @Test
    void everyListedVariableThatIsUnsetOrBlankIsMissingInTheListsOrder() {
        Map<String, String> env = Map.of(RequiredSettings.VARIABLE, LIST, "DOI_SERVICE_MAILTO", "pass@uni.example", "SERVICE_POLICY_INSTITUTION", " ");

        assertThat(RequiredSettings.missing(env::get))
                .containsExactly("SERVICE_POLICY_INSTITUTION", "SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE");
    }

    @Test
    void withoutAListNothingIsRequired() {
        assertThat(RequiredSettings.missing(Map.of(RequiredSettings.VARIABLE, "")::get)).isEmpty();
    }

    @Test
    void theServiceExitsBeforeStartingWithOneLinePerMissingSetting() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ServiceMain.class.getName());
        builder.environment().keySet().removeIf(name -> name.startsWith("SUBMISSION_") || name.startsWith("SERVICE_")
                || name.startsWith("DOI_"));
        builder.environment().putAll(Map.of(RequiredSettings.VARIABLE, LIST, "DOI_SERVICE_MAILTO", "pass@uni.example",
                "SUBMISSION_DB_URL", "postgresql://127.0.0.1:9/none"));
        Process service = builder.start();
        String errors = new String(service.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(service.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(service.exitValue()).as(errors).isEqualTo(2);
        assertThat(errors.lines()).containsExactly(RequiredSettings.line("SERVICE_POLICY_INSTITUTION"),
                RequiredSettings.line("SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE"));
    }
}
