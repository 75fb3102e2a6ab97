package org.submission.platform.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** Jackson failures: reading a request body is the client's 400, writing an answer never is. */
class ErrorMappersTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anAnswerNestedBeyondWhatJacksonWritesIsA500NotA400() {
        ArrayNode deep = JSON.createArrayNode();
        ArrayNode inner = deep;
        for (int i = 0; i < 1_100; i++) {
            inner = inner.addArray();
        }
        ArrayNode answer = deep;
        JsonProcessingException failure = catchThrowableOfType(JsonProcessingException.class, () -> JSON.writeValueAsString(answer));

        assertThat(new ErrorMappers(new SimpleMeterRegistry()).malformedJson(failure).getStatus()).isEqualTo(500);
    }

    @Test
    void aRequestBodyNestedBeyondWhatJacksonReadsIsA400() {
        String body = "[".repeat(1_100) + "]".repeat(1_100);
        JsonProcessingException failure = catchThrowableOfType(JsonProcessingException.class, () -> JSON.readTree(body));

        assertThat(new ErrorMappers(new SimpleMeterRegistry()).malformedJson(failure).getStatus()).isEqualTo(400);
    }

    @Test
    void anUnreadableRequestBodyIsA400() {
        JsonProcessingException failure = catchThrowableOfType(JsonProcessingException.class, () -> JSON.readTree("{\"a\": "));

        assertThat(new ErrorMappers(new SimpleMeterRegistry()).malformedJson(failure).getStatus()).isEqualTo(400);
    }
}
