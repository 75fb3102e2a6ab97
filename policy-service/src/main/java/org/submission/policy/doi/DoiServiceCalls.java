package org.submission.policy.doi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.TypedGuard;
import io.smallrye.mutiny.Multi;
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
 * One call of {@link DoiServiceApi}, under the deadline and breaker of {@link #GUARD} (the registry
 * read under {@link #REGISTRY_GUARD}, alike): a guard
 * built from {@code POLICY_DOI_*}, since {@code @Timeout} and {@code @CircuitBreaker} take their
 * values as constants or as plain numbers of Quarkus's own keys, where {@code POLICY_DOI_DEADLINE=2s}
 * cannot go. Only the DOI service's own failures count towards the breaker: a 4xx about what was
 * asked ({@link DoiServiceClient.Refused}) says it works.
 */
@ApplicationScoped
class DoiServiceCalls {

    static final String GUARD = "doi-service";
    /** The registry read's own breaker, from the same settings: a failing registry does not stop the copies. */
    static final String REGISTRY_GUARD = "doi-service-registry";
    private static final TypeLiteral<Uni<OpenCopies>> COPIES = new TypeLiteral<>() {
    };
    private static final TypeLiteral<Uni<RegistryRecord>> RECORD = new TypeLiteral<>() {
    };
    private static final ObjectReader COPIES_JSON = new ObjectMapper().readerFor(OpenCopies.class);
    private static final ObjectReader RECORD_JSON = new ObjectMapper().readerFor(RegistryRecord.class);

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
        return built(COPIES, GUARD, settings);
    }

    @Produces
    @Singleton
    @Identifier(REGISTRY_GUARD)
    static TypedGuard<Uni<RegistryRecord>> registryGuard(DoiClientSettings settings) {
        return built(RECORD, REGISTRY_GUARD, settings);
    }

    private static <T> TypedGuard<T> built(TypeLiteral<T> type, String name, DoiClientSettings settings) {
        return TypedGuard.create(type)
                .withCircuitBreaker().name(name)
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
        return read(api.manuscript(doi), COPIES_JSON, "the manuscript list");
    }

    /** The registry work's dates and funders; the DOI service configured. */
    @ApplyGuard(REGISTRY_GUARD)
    Uni<RegistryRecord> registry(String doi) {
        return read(api.registry(doi), RECORD_JSON, "the registry record");
    }

    private <T> Uni<T> read(Multi<byte[]> chunks, ObjectReader reader, String what) {
        int max = maxAnswerBytes;
        return chunks.collect().in(ByteArrayOutputStream::new, (body, chunk) -> {
            if (body.size() + chunk.length > max) {
                throw new DoiServiceClient.Unavailable("the DOI service's answer is larger than " + max + " bytes");
            }
            body.writeBytes(chunk);
        }).map(body -> {
            try {
                return reader.readValue(body.toByteArray());
            } catch (IOException e) {
                throw new DoiServiceClient.Unavailable("the DOI service's answer is not " + what);
            }
        });
    }

    @PreDestroy
    void close() throws IOException {
        if (api instanceof Closeable closeable) {
            closeable.close();
        }
    }
}
