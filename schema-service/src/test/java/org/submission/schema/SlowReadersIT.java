package org.submission.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.RunningService;
import org.submission.platform.testing.SlowReaders;

/**
 * A hundred clients that ask for a large answer and never read it, on the packaged service with the
 * images' JVM options (a 128 MiB heap, ExitOnOutOfMemoryError): each answer used to wait in the
 * service's memory until the service died. {@code -Dslow-readers.write-budget=1G} runs it as
 * before the write budget ({@link LargeAnswers}).
 */
@QuarkusIntegrationTest
@WithTestResource(value = SlowReadersIT.LargeAnswers.class, scope = TestResourceScope.MATCHING_RESOURCES)
class SlowReadersIT {

    private static final int READERS = 100;
    private static final String LARGE = "/schemaservice?entityIds=10";
    private static final String SMALL = "/schemaservice?entityIds=11";
    private static final Duration WRITE_IDLE = Duration.ofSeconds(10);

    @Test
    void aHundredSlowReadersOfLargeAnswersLeaveTheServiceUpAndASmallCachedAnswerFastUntilTheWriteIdleTimeoutClosesThem() throws Exception {
        RunningService service = IntegrationTestService.current();
        assertThat(service.get(LARGE).body()).hasSizeGreaterThan(1_800_000);
        Callable<HttpResponse<String>> small = () -> service.get(SMALL);
        List<Long> unloaded = SlowReaders.timeUnloaded(service, small, 20);
        System.out.println("SlowReadersIT before: " + SlowReaders.memory(service));

        List<Long> millis = new ArrayList<>();
        try (SlowReaders readers = SlowReaders.open(service, READERS, i -> LARGE)) {
            millis.addAll(SlowReaders.timeUntilTheBudgetRefuses(service, small));
            assertThat(service.alive()).as("the service is still running; its log:\n%s", service.log()).isTrue();
            System.out.println("SlowReadersIT under " + READERS + " slow readers: " + SlowReaders.memory(service));
            assertThat(SlowReaders.metric(service, "submission_http_write_pending_bytes"))
                    .as("answer bytes queued").isLessThanOrEqualTo(32 * 1024 * 1024);
            assertThat(SlowReaders.budgetHasRefused(service)).as("the write budget refused an answer").isTrue();

            Thread.sleep(WRITE_IDLE.toMillis());
            assertThat(readers.closedByService(Duration.ofSeconds(5))).as("connections closed by the write-idle timeout")
                    .isEqualTo(READERS);
            assertThat(SlowReaders.metric(service, "submission_http_write_pending_bytes")).as("answer bytes queued").isZero();
        }
        SlowReaders.assertNotHeldUp("small cached GETs", unloaded, millis);
        assertThat(service.get(LARGE).statusCode()).as("a large answer once the slow readers are gone").isEqualTo(200);
    }

    /**
     * The demo service of {@link DemoSchemaService} with repository 10's PubMed Central schema grown to
     * 1.9 MB by descriptions, over the default bound of a resolved document, which it must pass to be
     * served, and the write-idle timeout this test waits for; a service of its own, since the other
     * integration tests validate against repository 10's schemas.
     */
    public static class LargeAnswers extends DemoSchemaService {

        @Override
        protected Map<String, String> settings() {
            Map<String, String> settings = new HashMap<>(super.settings());
            settings.putAll(Map.of("schema.service.dir", grownSchemas().toString(), "schema.service.max-expanded-size", "4M",
                    "submission.http.write-idle-timeout", WRITE_IDLE.toSeconds() + "s"));
            String budget = System.getProperty("slow-readers.write-budget");
            if (budget != null) {
                settings.put("submission.http.write-budget", budget);
            }
            return settings;
        }

        private static Path grownSchemas() {
            try {
                Path folder = Files.createTempDirectory("slow-readers-schemas");
                ObjectMapper json = new ObjectMapper();
                ObjectNode pmc;
                try (InputStream bundled = SlowReadersIT.class.getResourceAsStream("/schemas/pass/pmc.json")) {
                    pmc = (ObjectNode) json.readTree(bundled);
                }
                ObjectNode definitions = (ObjectNode) pmc.get("definitions");
                for (int i = 0; i < 19; i++) {
                    // each string under the store's limit of a million characters
                    definitions.putObject("note" + i).put("description", "PubMed Central ".repeat(6_600));
                }
                Files.createDirectories(folder.resolve("pass"));
                json.writeValue(folder.resolve("pass/pmc.json").toFile(), pmc);
                return folder;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
