package org.submission.platform.http;

import io.netty.channel.Channel;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.util.AttributeKey;
import java.util.HashMap;
import java.util.Map;

/**
 * One HTTP/2 connection's part of the {@link WriteBudget} (HTTP/2 is off unless an operator turns
 * it on): an answer counts from its head until its stream closes, that is until its last frame
 * has been written to the socket, the stream was reset or the connection closed. A client that
 * opens streams and gives them no flow-control window holds its answers in the service that long,
 * so they count like the queued answers of HTTP/1. Used on the connection's event loop only.
 */
final class Http2Answers extends Http2ConnectionAdapter {

    private static final AttributeKey<Http2Answers> KEY = AttributeKey.valueOf("submission-http2-answers");

    private final WriteBudget budget;
    private final Http2Connection connection;
    private final Map<Integer, Long> counted = new HashMap<>();

    private Http2Answers(WriteBudget budget, Http2Connection connection) {
        this.budget = budget;
        this.connection = connection;
    }

    /** The connection's accounting, created with its first stream; null if the channel speaks no HTTP/2. */
    static Http2Answers of(Channel channel, WriteBudget budget) {
        Http2Answers answers = channel.attr(KEY).get();
        Http2ConnectionHandler handler = channel.pipeline().get(Http2ConnectionHandler.class);
        if (answers == null && handler != null) {
            answers = new Http2Answers(budget, handler.connection());
            handler.connection().addListener(answers);
            channel.attr(KEY).set(answers);
        }
        return answers;
    }

    /** Counts {@code bytes} for the answer on {@code streamId}, unless that stream has closed already. */
    void count(int streamId, long bytes) {
        Http2Stream stream = connection.stream(streamId);
        if (stream != null && stream.state() != Http2Stream.State.CLOSED) {
            counted.merge(streamId, bytes, Long::sum);
            budget.add(bytes);
        }
    }

    @Override
    public void onStreamClosed(Http2Stream stream) {
        Long bytes = counted.remove(stream.id());
        if (bytes != null) {
            budget.release(bytes);
        }
    }
}
