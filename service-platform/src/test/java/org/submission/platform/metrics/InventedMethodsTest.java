package org.submission.platform.metrics;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.InventedMethods;

/**
 * Each distinct method name used to become a metric series kept for the life of
 * the process (3,000 requests with 60 KB names filled a 128 MiB heap). Invented methods must leave
 * the number of series, and the heap, where they were. Here in the test JVM, with the platform's
 * probe resources; policy-service's InventedMethodsIT sends the same to a packaged service under
 * the images' JVM options.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class InventedMethodsTest {

    private static final int REQUESTS = 5_000;

    @Test
    void fiveThousandInventedMethodsLeaveTheSeriesAndTheHeapFlat() throws IOException {
        // the first refusal, scrape and System.gc() each add their own few series (status 501,
        // uri /q/metrics, cause System.gc()), once
        send(0, 20);
        series();
        heapAfterGc();
        long seriesBefore = series();
        long heapBefore = heapAfterGc();

        send(20, REQUESTS);
        long seriesAfter = series();
        long heapGrowth = heapAfterGc() - heapBefore;
        System.out.printf("InventedMethodsTest: %d invented methods: series %d -> %d, heap after GC %+d KB%n",
                REQUESTS - 20, seriesBefore, seriesAfter, heapGrowth / 1024);

        assertThat(seriesAfter).isEqualTo(seriesBefore);
        // 5,000 names of 2 KB held by the registry would be well over 10 MB
        assertThat(heapGrowth).isLessThan(4L * 1024 * 1024);
    }

    private static long series() {
        return InventedMethods.series(given().get("/q/metrics").then().statusCode(200).extract().asString());
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static void send(int from, int to) throws IOException {
        InventedMethods.send(RestAssured.port, from, to);
    }
}
