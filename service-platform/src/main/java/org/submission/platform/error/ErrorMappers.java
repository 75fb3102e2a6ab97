package org.submission.platform.error;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.exc.StreamWriteException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.submission.platform.http.PathAliases;

/**
 * Every exception that reaches RESTEasy becomes {@code {"error": "..."}} with a status a client
 * can act on; nothing internal (class names, SQL, stack traces) reaches the body.
 */
public class ErrorMappers {

    /** Requests answered 503 because the database was unreachable or too busy: dashboards and alerts (deploy/). */
    static final String DATABASE_UNAVAILABLE = "submission.database.unavailable";

    private final Counter unreachable;
    private final Counter refused;
    private final Counter busy;

    public ErrorMappers(MeterRegistry registry) {
        unreachable = Counter.builder(DATABASE_UNAVAILABLE).tag("reason", "unreachable").register(registry);
        refused = Counter.builder(DATABASE_UNAVAILABLE).tag("reason", "login_refused").register(registry);
        busy = Counter.builder(DATABASE_UNAVAILABLE).tag("reason", "busy").register(registry);
    }

    @ServerExceptionMapper
    public Response api(ApiException e) {
        Response.ResponseBuilder answer = Response.status(e.status()).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorBody(e.getMessage()));
        e.headers().forEach(answer::header);
        return answer.build();
    }

    @ServerExceptionMapper({AuthenticationFailedException.class, UnauthorizedException.class})
    public Response unauthenticated() {
        return json(401, ErrorMessages.UNAUTHENTICATED);
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return json(403, ErrorMessages.forStatus(403));
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e, RoutingContext request) {
        return json(404, ErrorMessages.noResource(PathAliases.requestedPath(request)));
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e, RoutingContext request) {
        Response.ResponseBuilder answer = Response.status(405).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorBody(ErrorMessages.methodNotAllowed(request.request().method().name(), PathAliases.requestedPath(request))));
        String allow = e.getResponse().getHeaderString("Allow");
        if (allow != null) {
            answer.header("Allow", allow);
        }
        return answer.build();
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        return json(status, ErrorMessages.forStatus(status));
    }

    /** A request body Jackson cannot read is the client's 400; an answer it cannot write is our own failure. */
    @ServerExceptionMapper
    public Response malformedJson(JsonProcessingException e) {
        if (writing(e)) {
            Log.errorf("An answer could not be written as JSON: %s", e.getOriginalMessage());
            return json(500, ErrorMessages.forStatus(500));
        }
        return json(400, "Malformed JSON body.");
    }

    /**
     * Whether Jackson failed while writing: a generator's own exception, or a write constraint
     * (nesting depth), which Jackson reports with the same exception type as a read constraint
     * and no generator attached, so only its origin tells them apart.
     */
    static boolean writing(JsonProcessingException e) {
        if (e instanceof StreamWriteException || e.getProcessor() instanceof JsonGenerator) {
            return true;
        }
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getClassName().equals(StreamWriteConstraints.class.getName())) {
                return true;
            }
        }
        return false;
    }

    @ServerExceptionMapper(priority = 10_000)
    public Response unexpected(Throwable e) {
        if (DatabaseOutage.causedBy(e)) {
            boolean loginRefused = DatabaseOutage.loginRefused(e);
            Log.warnf(loginRefused ? "Database login refused: %s" : "Database unavailable: %s", DatabaseOutage.describe(e));
            (loginRefused ? refused : unreachable).increment();
            return api(DatabaseOutage.unreachableAnswer());
        }
        if (DatabaseOutage.busy(e)) {
            Log.warnf("Database busy: %s", DatabaseOutage.describe(e));
            busy.increment();
            return api(DatabaseOutage.busyAnswer());
        }
        Log.errorf(e, "Unexpected failure");
        return json(500, ErrorMessages.forStatus(500));
    }

    public static Response json(int status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(new ErrorBody(message)).build();
    }
}
