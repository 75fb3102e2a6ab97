package org.submission.doi.service;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.submission.doi.config.DoiSettings;

/**
 * The statements after a call ({@code doi_lookup_end}) still under way, which no client waits
 * for (doi-service/README.md, "Across pods"), by upstream and DOI key. Each ends on its own within
 * the coordination timeout; a stopping process lets them finish first, because a lease dropped on
 * the way out would keep its DOI from the other pods until it expires.
 */
@ApplicationScoped
class PendingEnds {

    private final Map<String, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();

    /** Runs the statement (which never fails: it recovers itself) without anyone waiting for it. */
    void run(String upstream, String key, Uni<Void> statement) {
        String id = upstream + '\n' + key;
        CompletableFuture<Void> done = new CompletableFuture<>();
        pending.put(id, done);
        statement.subscribe().with(ok -> finish(id, done), failure -> finish(id, done));
    }

    /** Completes when the statement for that DOI under way (if any) has run. */
    Uni<Void> settled(String upstream, String key) {
        CompletableFuture<Void> done = pending.get(upstream + '\n' + key);
        return done == null ? Uni.createFrom().voidItem() : Uni.createFrom().completionStage(done);
    }

    private void finish(String id, CompletableFuture<Void> done) {
        pending.remove(id, done);
        done.complete(null);
    }

    void drain(@Observes ShutdownEvent stop, DoiSettings settings) {
        CompletableFuture<?>[] all = pending.values().toArray(CompletableFuture[]::new);
        if (all.length == 0) {
            return;
        }
        try {
            CompletableFuture.allOf(all).get(settings.coordinationTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            Log.warnf("%d statements sharing DOI answers did not finish before shutdown", all.length);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
