package org.submission.doi.support;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A WireMock extension that holds the answers of the stubs naming it ({@code withTransformers(HeldAnswers.NAME)})
 * until the test lets them go: an upstream call stays in flight for exactly as long as the test needs,
 * however fast or busy the machine. A minute at most, so that a failed test leaves no thread behind.
 * WireMock's request journal lists a call only once its answer goes, so the calls held are counted here.
 */
public final class HeldAnswers implements ResponseDefinitionTransformerV2 {

    public static final String NAME = "held-answers";

    private volatile CountDownLatch released = new CountDownLatch(1);
    private volatile Semaphore arrived = new Semaphore(0);

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        CountDownLatch release = released;
        arrived.release();
        try {
            release.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return serveEvent.getResponseDefinition();
    }

    /** Waits (bounded) until {@code calls} calls are held. */
    public void awaitCalls(int calls, Duration within) throws InterruptedException {
        if (!arrived.tryAcquire(calls, within.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(calls + " calls were not held within " + within);
        }
        arrived.release(calls);
    }

    /** From now on the answers are held again, and the calls counted afresh: for a server the tests share. */
    public void hold() {
        released.countDown();
        released = new CountDownLatch(1);
        arrived = new Semaphore(0);
    }

    /** Lets every held answer, and every later one, go. */
    public void release() {
        released.countDown();
    }
}
