package org.submission.platform.error;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.core.json.JsonObject;

/**
 * The one error shape of every service: {@code {"error": "<message>"}}. Registered for
 * reflection because the exception mappers send it inside a {@code Response}, where a native
 * build cannot see the type.
 */
@RegisterForReflection
public record ErrorBody(String error) {

    /** The body as JSON text, for the HTTP layer below RESTEasy. */
    public String toJson() {
        return new JsonObject().put("error", error).encode();
    }
}
