package org.submission.policy.doi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.TypedGuard;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.util.TypeLiteral;
import jakarta.inject.Singleton;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.reactive.client.api.QuarkusRestClientProperties;
import org.submission.policy.config.DoiClientSettings;

/**
 * One call of {@link DoiServiceApi}, under the deadline and breaker of {@link #GUARD}: a guard
 * built from {@code POLICY_DOI_*}, since {@code @Timeout} and {@code @CircuitBreaker} take their
 * values as constants or as plain numbers of Quarkus's own keys, where {@code POLICY_DOI_DEADLINE=2s}
 * cannot go. Only the DOI service's own failures count towards the breaker: a 4xx about what was
 * asked ({@link DoiServiceClient.Refused}) says it works.
 */
@ApplicationScoped
class DoiServiceCalls {

    static final String GUARD = "doi-service";
    private static final TypeLiteral<Uni<OpenCopies>> COPIES = new TypeLiteral<>() {
    };
    private static final ObjectReader JSON = new ObjectMapper().readerFor(OpenCopies.class);

    private final DoiServiceApi api;
    private final int maxAnswerBytes;

    DoiServiceCalls(DoiClientSettings settings) {
        this.maxAnswerBytes = settings.maxAnswerBytes();
        long deadline = settings.deadline().toMillis();
        this.api = settings.url().map(url -> QuarkusRestClientBuilder.newBuilder().baseUri(url)
                .connectTimeout(deadline, TimeUnit.MILLISECONDS)
                // a backstop only: the guard's deadline ends the call first, with its own answer
                .readTimeout(2 * deadline, TimeUnit.MILLISECONDS)
                // one connection per place of the callers' share: a call never waits for one inside its deadline
                .property(QuarkusRestClientProperties.CONNECTION_POOL_SIZE, Math.max(1, settings.concurrency()))
                .clientHeadersFactory(new BackendAccount(settings))
                .build(DoiServiceApi.class)).orElse(null);
    }

    @Produces
    @Singleton
    @Identifier(GUARD)
    static TypedGuard<Uni<OpenCopies>> guard(DoiClientSettings settings) {
        return TypedGuard.create(COPIES)
                .withCircuitBreaker().name(GUARD)
                .requestVolumeThreshold(settings.breakerRequestVolume())
                .failureRatio(settings.breakerFailureRatio())
                .delay(settings.breakerDelay().toMillis(), ChronoUnit.MILLIS)
                .skipOn(DoiServiceClient.Refused.class)
                .done()
                .withTimeout().duration(settings.deadline().toMillis(), ChronoUnit.MILLIS).done()
                .withThreadOffload(false)
                .build();
    }

    /** The DOI's open copies; the DOI service configured. */
    @ApplyGuard(GUARD)
    Uni<OpenCopies> copies(String doi) {
        int max = maxAnswerBytes;
        return api.manuscript(doi).collect().in(ByteArrayOutputStream::new, (body, chunk) -> {
            if (body.size() + chunk.length > max) {
                throw new DoiServiceClient.Unavailable("the DOI service's answer is larger than " + max + " bytes");
            }
            body.writeBytes(chunk);
        }).map(DoiServiceCalls::read);
    }

    private static OpenCopies read(ByteArrayOutputStream body) {
        try {
            return JSON.readValue(body.toByteArray());
        } catch (IOException e) {
            throw new DoiServiceClient.Unavailable("the DOI service's answer is not the manuscript list");
        }
    }

    @PreDestroy
    void close() throws IOException {
        if (api instanceof Closeable closeable) {
            closeable.close();
        }
    }
}
