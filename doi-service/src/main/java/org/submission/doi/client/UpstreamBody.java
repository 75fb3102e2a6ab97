package org.submission.doi.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * An upstream body read as it streams in, up to a cap: passing the cap fails the stream, which
 * cancels it and closes the connection, so an oversized body is never held whole.
 */
final class UpstreamBody {

    private final ObjectReader json;
    private final long cap;

    UpstreamBody(ObjectMapper mapper, long cap) {
        this.json = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.cap = cap;
    }

    Uni<ObjectNode> object(Multi<byte[]> chunks) {
        return chunks.collect().in(ByteArrayOutputStream::new, this::append).map(this::parse);
    }

    private void append(ByteArrayOutputStream body, byte[] chunk) {
        if (body.size() + (long) chunk.length > cap) {
            throw UpstreamFailure.tooLarge(cap);
        }
        body.writeBytes(chunk);
    }

    private ObjectNode parse(ByteArrayOutputStream body) {
        JsonNode node;
        try {
            node = body.size() == 0 ? null : json.readTree(body.toByteArray());
        } catch (IOException e) {
            throw UpstreamFailure.badBody("unparsable body");
        }
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw UpstreamFailure.badBody("body is not a JSON object");
    }
}
