package org.submission.deploy.gateway;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.net.ConnectException;
import java.net.URI;

/**
 * Asks every replica of a service that has more than one for {@code /q/health/ready} each
 * second, as Kubernetes' readiness probe does for a Service's endpoints: a replica that is not
 * ready (starting, or stopping: a service answers 503 from its SIGTERM on) leaves the turn, and
 * comes back once it answers 200. A check that times out changes nothing.
 */
final class ReadinessChecks {

    static final long PERIOD_MILLIS = 1_000;

    private ReadinessChecks() {
    }

    static void start(Vertx vertx, RouteTable routes) {
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout(1_000).setMaxPoolSize(4));
        vertx.setPeriodic(PERIOD_MILLIS, id -> routes.allReplicas().stream().filter(r -> r.targets().size() > 1)
                .forEach(replicas -> replicas.targets().forEach(target -> check(client, replicas, target))));
    }

    private static void check(HttpClient client, Replicas replicas, URI target) {
        client.request(new RequestOptions().setMethod(HttpMethod.GET).setHost(target.getHost()).setPort(target.getPort())
                        .setURI("/q/health/ready").setTimeout(2_000))
                .compose(request -> request.send().compose(answer -> answer.body().map(body -> answer.statusCode())))
                .onComplete(status -> {
                    if (status.succeeded() && status.result() == 200) {
                        replicas.putBack(target);
                    } else if (status.succeeded() || status.cause() instanceof ConnectException) {
                        replicas.takeOut(target);
                    }
                    // a check that timed out (a busy machine) changes nothing
                });
    }
}
