package org.submission.schema;

import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;

/**
 * Issue 18 item 2's reported input for the packaged-service ITs: validation of blobs of unknown
 * keys against three schemas, on the packaged service over a fresh database with the demo data.
 */
final class WorstCaseValidation {

    static final String PATH = "/schemaservice/validate?entityIds=10,11,12";

    private WorstCaseValidation() {
    }

    /** The packaged service, ready, on a fresh database seeded with the demo data (schema 10 and others). */
    static PackagedService startService() {
        Map<String, String> settings = new HashMap<>(FreshDatabase.create().settings());
        settings.put("SUBMISSION_SEED_DEMO", "true");
        return PackagedService.start(settings).awaitReady(Duration.ofSeconds(90));
    }

    /** The reported worst case: {@code count} keys no schema knows (90,000 made 979 KB). */
    static byte[] unknownKeys(int count) {
        StringBuilder blob = new StringBuilder("{\"title\": \"t\"");
        for (int i = 0; i < count; i++) {
            blob.append(",\"k").append(String.format("%05d", i)).append("\":1");
        }
        return blob.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    static HttpRequest request(PackagedService service, byte[] blob) {
        return service.requestTo(PATH).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(blob)).build();
    }
}
