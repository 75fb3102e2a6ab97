package org.submission.shared.error;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The one error shape of every service: {@code {"error": "<message>"}}. Registered for
 * reflection because the exception mappers send it inside a {@code Response}, where a native
 * build cannot see the type.
 */
@RegisterForReflection
public record ErrorBody(String error) {

    /** The body as JSON text, for layers below RESTEasy that write it by hand. */
    public String toJson() {
        StringBuilder out = new StringBuilder("{\"error\":\"");
        for (char c : error.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append("\"}").toString();
    }
}
