package org.submission.doi.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.submission.doi.cluster.CallerShare;
import org.submission.doi.cluster.Coordination;
import org.submission.doi.cluster.InFlightGuard;
import org.submission.doi.cluster.SingleFlight;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.doi.upstream.CpuWork;
import org.submission.doi.upstream.RegistryClient;
import org.submission.platform.error.ApiException;

/**
 * The journal of an article: the registry's work for its DOI, one lookup across all pods, then the
 * Journal record found, updated or created ({@link JournalService}). A singleton, not a normal
 * scope: the single flight it extends has no client proxy to go through.
 */
@Singleton
public class Journals extends SingleFlight<RegistryWork> {

    /**
     * The outcome: the Journal record's id, whether the registry's record conflicts with PASS, the
     * other journals it also pointed at, and the registry's work, normalised, as JSON text.
     */
    public record Found(long journalId, boolean conflicts, List<Long> conflicting, String work) {
    }

    private final RegistryClient registry;
    private final JournalService journals;
    private final CpuWork cpu;
    private final ObjectMapper mapper;
    private final InFlightGuard inFlight;

    Journals(RegistryClient registry, JournalService journals, CpuWork cpu, ObjectMapper mapper, DoiSettings settings,
            Coordination coordination, CallerShare shares, DoiMetrics metrics, Vertx vertx) {
        super(RegistryClient.NAME, settings.registry().concurrency(), registry.pace(), settings.sameDoi(), settings,
                coordination, shares, metrics, vertx);
        this.registry = registry;
        this.journals = journals;
        this.cpu = cpu;
        this.mapper = mapper;
        this.inFlight = new InFlightGuard(settings.sameDoi(), outcome -> metrics.singleFlight(RegistryClient.NAME, outcome));
    }

    /**
     * One piece of work per DOI at a time; find-or-create runs every time, even on a cached work.
     * The answer waits until the other pods can see the registry's answer too (it runs beside the
     * find-or-create), so that a client answered never meets this DOI's lease on another pod.
     */
    public Uni<Found> journal(Doi doi, String caller) {
        AtomicBoolean asked = new AtomicBoolean();
        return inFlight.run(doi, wanted -> get(doi, caller, wanted, turns -> registry.work(doi, turns).invoke(() -> asked.set(true))
                        .chain(found -> found.isEmpty() ? Uni.createFrom().item(Optional.<RegistryWork>empty())
                                : cpu.run(() -> Optional.of(RegistryWork.of(found.get(), mapper)))))
                .map(found -> found.orElseThrow(() -> ApiException.notFound(
                        "The resource for DOI " + doi + " could not be found on " + RegistryClient.NAME + ".")))
                .chain(work -> journals.findOrCreate(work.journal()).map(matched -> {
                    if (matched.conflicts() && asked.get()) {
                        // logged once per registry answer, not on every lookup of a cached one
                        Log.warnf("The %s record of %s disagrees with journal %d (others it points at: %s); none was changed",
                                RegistryClient.NAME, doi, matched.id(), matched.others());
                    }
                    return new Found(matched.id(), matched.conflicts(), matched.others(), work.json());
                }))
                .onTermination().call(() -> settled(doi)));
    }

    @Override
    protected String encode(RegistryWork work) {
        return work.stored(mapper);
    }

    @Override
    protected RegistryWork decode(String body) {
        return RegistryWork.ofStored(body, mapper);
    }

    @Override
    protected long bytes(RegistryWork work) {
        return work.bytes();
    }
}
