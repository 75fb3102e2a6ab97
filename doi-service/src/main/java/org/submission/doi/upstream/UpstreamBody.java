package org.submission.doi.upstream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBufInputStream;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * An upstream body (already capped by {@link UpstreamHttp}) read as the JSON object it must be,
 * nested at most {@link #MAX_DEPTH} deep, its lists cut to the upstream's caps as it is read: as
 * text ({@link BoundedText}) or as a tree of some of its members ({@link BoundedTree}). The
 * registry's and the lookup's answers are a few levels deep, and the answer the service writes
 * wraps the registry's in two more, which must stay within what Jackson writes (1,000 levels).
 * Anything else is an unusable answer (502), never a failure of our own.
 */
final class UpstreamBody {

    static final int MAX_DEPTH = 32;
    /** Elements kept of a list that has no cap of its own. */
    static final int MAX_ELEMENTS = 10_000;
    /** Bodies up to this size are read where they arrive (well under a millisecond); larger ones on the worker pool. */
    static final int READ_IN_PLACE = 64 * 1024;

    private final JsonFactory json;
    private final Map<String, Integer> caps;
    private final CpuWork cpu;

    /** {@code caps}: the most elements a list member of that name keeps, at any depth. */
    UpstreamBody(ObjectMapper mapper, Map<String, Integer> caps, CpuWork cpu) {
        this.cpu = cpu;
        this.caps = Map.copyOf(caps);
        this.json = mapper.getFactory().rebuild()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build()).build();
    }

    /**
     * The body as JSON text, the string values of members named in {@code rewrites} rewritten;
     * always on the worker pool, since a rewrite may be CPU work of any size.
     */
    Uni<String> text(Buffer body, Map<String, UnaryOperator<String>> rewrites) {
        return cpu.run(() -> textOf(body, rewrites));
    }

    /** The body's {@code members} as a JSON tree. */
    Uni<ObjectNode> tree(Buffer body, Set<String> members) {
        return offloaded(body, () -> treeOf(body, members));
    }

    String textOf(Buffer body, Map<String, UnaryOperator<String>> rewrites) {
        return parsed(body, parser -> BoundedText.copy(parser, json, caps, rewrites, body.length()));
    }

    ObjectNode treeOf(Buffer body, Set<String> members) {
        return parsed(body, parser -> BoundedTree.read(parser, caps, members));
    }

    private <T> Uni<T> offloaded(Buffer body, Supplier<T> read) {
        return body.length() <= READ_IN_PLACE ? Uni.createFrom().item(read) : cpu.run(read);
    }

    private <T> T parsed(Buffer body, Reader<T> reader) {
        try (JsonParser parser = json.createParser((InputStream) new ByteBufInputStream(body.getByteBuf()))) {
            return reader.read(parser);
        } catch (IOException e) {
            throw UpstreamFailure.badBody("unparsable, not an object, too deeply nested or too large a tree");
        }
    }

    @FunctionalInterface
    private interface Reader<T> {
        T read(JsonParser parser) throws IOException;
    }
}
