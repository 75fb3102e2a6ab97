package org.submission.doi.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBufInputStream;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;

/**
 * An upstream body (already capped by {@link UpstreamHttp}) as the JSON object it must be, nested
 * at most {@link #MAX_DEPTH} deep: the registry's and the lookup's answers are a few levels deep,
 * and the answer the service writes wraps the registry's in two more, which must stay within what
 * Jackson writes (1,000 levels). Deeper is an unusable answer (502), never a failure of our own.
 */
final class UpstreamBody {

    static final int MAX_DEPTH = 32;
    /** Bodies up to this size are read where they arrive (well under a millisecond); larger ones on the worker pool. */
    static final int READ_IN_PLACE = 64 * 1024;

    private final ObjectReader json;
    private final CpuWork cpu;

    UpstreamBody(ObjectMapper mapper, CpuWork cpu) {
        this.cpu = cpu;
        JsonFactory bounded = mapper.getFactory().rebuild()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build()).build();
        this.json = new ObjectMapper(bounded).reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** The body as a JSON object; a 2 MB body takes tens of milliseconds, never on an event loop. */
    Uni<ObjectNode> read(Buffer body) {
        return body.length() <= READ_IN_PLACE ? Uni.createFrom().item(() -> object(body)) : cpu.run(() -> object(body));
    }

    ObjectNode object(Buffer body) {
        JsonNode node;
        try {
            node = body.length() == 0 ? null : json.readTree((InputStream) new ByteBufInputStream(body.getByteBuf()));
        } catch (IOException e) {
            throw UpstreamFailure.badBody("unparsable or too deeply nested body");
        }
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw UpstreamFailure.badBody("body is not a JSON object");
    }
}
