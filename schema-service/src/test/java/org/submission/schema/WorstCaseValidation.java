package org.submission.schema;

import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;
import org.submission.platform.testing.RunningService;

/**
 * The worst input the schema service accepts, for the packaged-service ITs: validation of blobs of unknown
 * keys against three schemas, on the packaged service over a fresh database with the demo data.
 * The blobs also serve the value-limit tests of {@code ValidateResourceTest}.
 */
public final class WorstCaseValidation {

    static final String PATH = "/schemaservice/validate?entityIds=10,11,12";

    private WorstCaseValidation() {
    }

    /** The packaged service, ready, on a fresh database seeded with the demo data (schema 10 and others). */
    static PackagedService startService() {
        return startService(Map.of());
    }

    /** As {@link #startService()}, with more settings (environment variables). */
    static PackagedService startService(Map<String, String> more) {
        Map<String, String> settings = new HashMap<>(FreshDatabase.create().settings());
        settings.put("SUBMISSION_SEED_DEMO", "true");
        settings.putAll(more);
        return PackagedService.start(settings).awaitReady(Duration.ofSeconds(90));
    }

    /** The reported worst case: {@code count} keys no schema knows (90,000 made 979 KB). */
    public static byte[] unknownKeys(int count) {
        return unknownKeys(count, "}");
    }

    /** {@code {"title": "t", "k00000": 1, …} with {@code count} unknown keys, then {@code end} (normally "}"). */
    public static byte[] unknownKeys(int count, String end) {
        StringBuilder blob = new StringBuilder("{\"title\": \"t\"");
        for (int i = 0; i < count; i++) {
            blob.append(",\"k").append(String.format("%05d", i)).append("\":1");
        }
        return blob.append(end).toString().getBytes(StandardCharsets.UTF_8);
    }

    static HttpRequest request(RunningService service, byte[] blob) {
        return service.requestTo(PATH).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(blob)).build();
    }
}
