package org.submission.doi.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBufInputStream;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;

/** An upstream body (already capped by {@link UpstreamHttp}) as the JSON object it must be. */
final class UpstreamBody {

    private final ObjectReader json;

    UpstreamBody(ObjectMapper mapper) {
        this.json = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    ObjectNode object(Buffer body) {
        JsonNode node;
        try {
            node = body.length() == 0 ? null : json.readTree((InputStream) new ByteBufInputStream(body.getByteBuf()));
        } catch (IOException e) {
            throw UpstreamFailure.badBody("unparsable body");
        }
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw UpstreamFailure.badBody("body is not a JSON object");
    }
}
