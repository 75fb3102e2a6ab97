package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.quarkus.runtime.configuration.MemorySize;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The gate on connections whose clients read nothing: an answer written without a flush stays
 * queued, as one waiting for a client that does not read.
 */
class WriteGateTest {

    private static final int LARGE = 40_000;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final WriteBudget budget = new WriteBudget(limits(100_000), registry);

    @Test
    void anAnswerPastTheBudgetIsReplacedBy503WithRetryAfterInJson() {
        slowReaderOfTwoLargeAnswers();
        EmbeddedChannel next = connection();

        next.writeOutbound(answer(LARGE));

        FullHttpResponse refused = next.readOutbound();
        assertThat(refused.status()).isEqualTo(HttpResponseStatus.SERVICE_UNAVAILABLE);
        assertThat(refused.headers().get(HttpHeaderNames.RETRY_AFTER)).isEqualTo("1");
        assertThat(refused.headers().get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo("application/json");
        assertThat(refused.content().toString(StandardCharsets.UTF_8)).isEqualTo("{\"error\":\"" + WriteGate.BUSY + "\"}");
        assertThat(registry.get("submission.http.write.budget.refusals").counter().count()).isEqualTo(1);
        assertThat(pending()).isEqualTo(2 * LARGE);
    }

    @Test
    void bytesWrittenToTheSocketLeaveTheBudget() {
        EmbeddedChannel slow = slowReaderOfTwoLargeAnswers();

        slow.flush();

        assertThat(pending()).isZero();
        EmbeddedChannel next = connection();
        next.writeOutbound(answer(LARGE));
        assertThat(next.<HttpResponse>readOutbound().status()).isEqualTo(HttpResponseStatus.OK);
    }

    @Test
    void aClosedConnectionGivesItsQueuedBytesBack() {
        EmbeddedChannel slow = connection();
        slow.write(answer(LARGE));

        slow.close();

        assertThat(pending()).isZero();
    }

    @Test
    void smallAnswersPassWhileTheBudgetIsHeld() {
        EmbeddedChannel slow = slowReaderOfTwoLargeAnswers();
        slow.write(answer(LARGE - 1_000));

        EmbeddedChannel next = connection();
        next.writeOutbound(answer(2_000));

        assertThat(next.<HttpResponse>readOutbound().status()).isEqualTo(HttpResponseStatus.OK);
    }

    @Test
    void aSmallAnswerQueuedBehindItsConnectionsUnsentBytesIsRefusedPastTheBudget() {
        EmbeddedChannel pipelining = slowReaderOfTwoLargeAnswers();
        pipelining.write(answer(10_000));

        pipelining.write(answer(12_000));

        assertThat(registry.get("submission.http.write.budget.refusals").counter().count()).isEqualTo(1);
        assertThat(pending()).isEqualTo(2 * LARGE + 10_000);
    }

    @Test
    void aRefusedChunkedAnswerIsDroppedUpToItsLastChunkAndTheNextAnswerPasses() {
        slowReaderOfTwoLargeAnswers();
        EmbeddedChannel next = connection();

        next.write(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        next.write(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[LARGE])));
        next.write(new DefaultLastHttpContent(Unpooled.wrappedBuffer(new byte[LARGE])));
        next.writeOutbound(answer(100));

        assertThat(next.<HttpResponse>readOutbound().status()).isEqualTo(HttpResponseStatus.SERVICE_UNAVAILABLE);
        HttpResponse after = next.readOutbound();
        assertThat(after.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(((HttpContent) after).content().readableBytes()).isEqualTo(100);
        assertThat(next.<Object>readOutbound()).isNull();
    }

    @Test
    void chunksOfAnAdmittedAnswerAreCountedUntilWritten() {
        EmbeddedChannel slow = connection();

        slow.write(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        slow.write(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[LARGE])));
        slow.write(new DefaultLastHttpContent(Unpooled.wrappedBuffer(new byte[LARGE])));

        assertThat(pending()).isEqualTo(2 * LARGE);
        slow.flush();
        assertThat(pending()).isZero();
    }

    /** The bytes queued and not yet written, as the service's gauge shows them. */
    private long pending() {
        return (long) registry.get("submission.http.write.pending").gauge().value();
    }

    /** A connection whose client reads nothing, holding 80 of the 100 KB budget. */
    private EmbeddedChannel slowReaderOfTwoLargeAnswers() {
        EmbeddedChannel slow = connection();
        slow.write(answer(LARGE));
        slow.write(answer(LARGE));
        return slow;
    }

    private EmbeddedChannel connection() {
        return new EmbeddedChannel(new WriteGate(budget));
    }

    private static FullHttpResponse answer(int size) {
        return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(new byte[size]));
    }

    private static WriteLimits limits(long bytes) {
        return new WriteLimits() {
            @Override
            public MemorySize writeBudget() {
                return new MemorySize(BigInteger.valueOf(bytes));
            }

            @Override
            public Duration writeIdleTimeout() {
                return Duration.ofSeconds(60);
            }

            @Override
            public MemorySize sendBufferSize() {
                return new MemorySize(BigInteger.valueOf(32_768));
            }
        };
    }
}
