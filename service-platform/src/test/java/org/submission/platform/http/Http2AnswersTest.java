package org.submission.platform.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.vertx.core.Vertx;
import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.Requests;

/**
 * HTTP/2 turned on: a client that gives its streams no flow-control window holds their answers in
 * the service, and they count against the write budget like the queued answers of HTTP/1.
 */
@QuarkusTest
@TestProfile(TightLimits.WithHttp2.class)
@WithTestResource(EmbeddedPostgresResource.class)
class Http2AnswersTest {

    @Inject
    Vertx vertx;

    @Inject
    MeterRegistry registry;

    @Test
    void answersHeldByAZeroWindowCountAgainstTheBudgetAndTheNextStreamIsRefused() throws Exception {
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2)
                .setHttp2ClearTextUpgrade(false).setInitialSettings(new Http2Settings().setInitialWindowSize(0)));
        try {
            List<Integer> statuses = new ArrayList<>();
            // one at a time, each counted before the next is asked: nine 12 KB answers take the 100 KB budget past its end
            for (int i = 0; i < 10; i++) {
                statuses.add(client.request(new RequestOptions().setMethod(HttpMethod.GET).setHost("127.0.0.1")
                                .setPort(RestAssured.port).setURI("/probe/answer")
                                .putHeader("Authorization", Requests.backendAuthorization()))
                        .compose(request -> request.send()).toCompletionStage().toCompletableFuture()
                        .get(30, TimeUnit.SECONDS).statusCode());
            }

            assertThat(statuses.subList(0, 9)).containsOnly(200);
            assertThat(statuses.get(9)).isEqualTo(503);
            assertThat(registry.get("submission.http.write.pending").gauge().value()).isGreaterThanOrEqualTo(9 * AnswerProbeResource.SIZE);
        } finally {
            client.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
