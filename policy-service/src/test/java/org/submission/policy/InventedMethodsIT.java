package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.ExternalTool;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.InventedMethods;
import org.submission.platform.testing.RunningService;

/**
 * Invented HTTP methods under the images' JVM options (a 128 MiB heap and ExitOnOutOfMemoryError):
 * 3,000 requests with invented 60 KB method names filled this service's heap. 5,000 distinct
 * invented methods must leave the number of series in {@code /q/metrics}, the heap kept after a
 * full collection and the process as they were. One service stands for the three: the methods are
 * refused by the platform's {@code RequestScreen} and the metric tags closed by its
 * {@code HttpMetricTags}, before any code of the service's own runs.
 */
@QuarkusIntegrationTest
@WithTestResource(value = DemoPolicyService.class, scope = TestResourceScope.MATCHING_RESOURCES)
class InventedMethodsIT {

    private static final int REQUESTS = 5_000;

    @Test
    void fiveThousandInventedMethodsLeaveTheSeriesTheHeapAndTheProcessAsTheyWere() throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        ExternalTool.require(Files.isExecutable(jcmd), "jcmd is not in the JDK running the tests (" + jcmd + ")");
        RunningService service = IntegrationTestService.current();
        // the first refusal, scrape and collection each add their own few series (status 501,
        // uri /q/metrics, the collection's cause), once
        InventedMethods.send(service.port(), 0, 20);
        heapAfterGc(jcmd, service);
        long seriesBefore = InventedMethods.series(metrics(service));
        long heapBefore = heapAfterGc(jcmd, service);

        InventedMethods.send(service.port(), 20, REQUESTS);
        long seriesAfter = InventedMethods.series(metrics(service));
        long heapAfter = heapAfterGc(jcmd, service);
        System.out.printf("InventedMethodsIT: %d invented methods to the packaged policy service: series %d -> %d,"
                + " heap kept after a full GC %d KB -> %d KB%n", REQUESTS - 20, seriesBefore, seriesAfter, heapBefore / 1024, heapAfter / 1024);

        assertThat(service.alive()).as("the process started, still running; its output:\n%s", service.log()).isTrue();
        assertThat(seriesAfter).isEqualTo(seriesBefore);
        // 5,000 names of 2 KB held by the registry would be well over 10 MB
        assertThat(heapAfter - heapBefore).as("growth of the heap kept after a full GC, bytes").isLessThan(4L * 1024 * 1024);
    }

    private static String metrics(RunningService service) throws Exception {
        var answer = service.get("/q/metrics");
        assertThat(answer.statusCode()).as("/q/metrics").isEqualTo(200);
        return answer.body();
    }

    /** The heap kept after a full collection that {@code jcmd GC.run} asks the service for; the least of three readings. */
    private static long heapAfterGc(Path jcmd, RunningService service) throws Exception {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            Process gc = new ProcessBuilder(jcmd.toString(), Long.toString(service.handle().pid()), "GC.run")
                    .redirectErrorStream(true).start();
            String output = new String(gc.getInputStream().readAllBytes());
            assertThat(gc.waitFor(60, TimeUnit.SECONDS)).as("jcmd GC.run ended").isTrue();
            assertThat(gc.exitValue()).as("jcmd GC.run: %s", output).isZero();
            least = Math.min(least, InventedMethods.heapKept(metrics(service)));
        }
        return least;
    }
}
