package org.submission.edge;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.atomic.AtomicInteger;

/** A resource for the HTTP pipeline's tests: an answer the size of a schema (12,000 bytes) to an authenticated caller, counted as it is made. */
@Path("/probe/answer")
public class AnswerProbeResource {

    static final int SIZE = 12_000;
    static final AtomicInteger MADE = new AtomicInteger();
    private static final String BODY = "x".repeat(SIZE);

    @GET
    @Authenticated
    @Produces(MediaType.TEXT_PLAIN)
    public Uni<String> answer() {
        MADE.incrementAndGet();
        return Uni.createFrom().item(BODY);
    }
}
