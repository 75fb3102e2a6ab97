package org.submission.platform.error;

import io.vertx.core.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** The outcome of a Vert.x future that the pool tests wait for: its result, or the failure it must end in. */
final class Outcomes {

    private Outcomes() {
    }

    static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    /** The failure {@code future} ends in; an assertion error naming {@code ifItSucceeds} when it succeeds. */
    static Throwable failure(Future<?> future, String ifItSucceeds) {
        try {
            await(future);
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            throw new AssertionError("no failure but " + e, e);
        }
        throw new AssertionError(ifItSucceeds);
    }
}
