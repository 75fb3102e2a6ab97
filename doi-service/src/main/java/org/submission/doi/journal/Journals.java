package org.submission.doi.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Singleton;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.submission.doi.cluster.CallerShare;
import org.submission.doi.cluster.Coordination;
import org.submission.doi.cluster.InFlightGuard;
import org.submission.doi.cluster.SingleFlight;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.metrics.MissingFields;
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
    private final SameDoi sameDoi;
    private final MissingFields missing;
    /**
     * The registry's work per DOI on this pod, shared by journal lookups and registry reads, so
     * that one call serves both (a journal lookup's own guard is {@link #inFlight}, above it).
     */
    private final InFlightGuard works = new InFlightGuard(SameDoi.SHARE);

    Journals(RegistryClient registry, JournalService journals, CpuWork cpu, ObjectMapper mapper, DoiSettings settings,
            Coordination coordination, CallerShare shares, DoiMetrics metrics, MissingFields missing, Vertx vertx) {
        super(RegistryClient.NAME, settings.registry().concurrency(), registry.pace(), settings.sameDoi(), settings,
                coordination, shares, metrics, vertx);
        this.registry = registry;
        this.journals = journals;
        this.cpu = cpu;
        this.mapper = mapper;
        this.sameDoi = settings.sameDoi();
        this.missing = missing;
        this.inFlight = new InFlightGuard(settings.sameDoi(), outcome -> metrics.singleFlight(RegistryClient.NAME, outcome));
    }

    /**
     * One piece of work per DOI at a time; find-or-create runs every time, even on a cached work.
     * The answer waits until the other pods can see the registry's answer too (the work does,
     * before the find-or-create), so that a client answered never meets this DOI's lease on another pod.
     */
    public Uni<Found> journal(Doi doi, String caller) {
        AtomicBoolean asked = new AtomicBoolean();
        return inFlight.run(doi, wanted -> works.run(doi, wanted, shared -> work(doi, caller, sameDoi, shared, asked))
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

    /**
     * The registry's record of the DOI, read-only: the same caches and single flight as a journal
     * lookup (joining one under way), but no journal is found, created or changed, and another
     * pod's lookup of the DOI is waited for, never refused. Its dates and funders are read on the
     * worker pool.
     */
    public Uni<RegistryRecord> record(Doi doi, String caller) {
        Uni<RegistryWork> read = works.run(doi, wanted -> work(doi, caller, SameDoi.SHARE, wanted, new AtomicBoolean()));
        // joined a journal lookup that met another pod's lease and was refused: read it again, waiting for that pod
        return read.onFailure(InFlightGuard::refusedAsActive).recoverWithUni(() -> works.run(doi,
                        wanted -> work(doi, caller, SameDoi.SHARE, wanted, new AtomicBoolean())))
                .chain(work -> cpu.run(() -> RegistryRecord.of(work.json(), mapper)));
    }

    /**
     * The work from a cache or the registry; the DOI stays marked here until the statement after
     * the call has run, so that no later lookup of it on this pod meets its lease or place.
     */
    private Uni<RegistryWork> work(Doi doi, String caller, SameDoi sameDoi, BooleanSupplier wanted, AtomicBoolean asked) {
        return get(doi, caller, sameDoi, wanted, turns -> registry.work(doi, turns).invoke(() -> asked.set(true))
                        .chain(found -> found.isEmpty() ? Uni.createFrom().item(Optional.<RegistryWork>empty())
                                : cpu.run(() -> Optional.of(checked(doi, found.get())))))
                .map(found -> found.orElseThrow(() -> ApiException.notFound(
                        "The resource for DOI " + doi + " could not be found on " + RegistryClient.NAME + ".")))
                .onTermination().call(() -> settled(doi));
    }

    /** The work of a registry answer, the fields it lacks counted ({@link MissingFields}). */
    private RegistryWork checked(Doi doi, String answer) {
        Set<String> members = new HashSet<>();
        RegistryWork work = RegistryWork.of(answer, mapper, members);
        missing.seen(RegistryClient.NAME, doi.toString(), DoiMetrics.RELIED_ON_FIELDS.get(RegistryClient.NAME).stream()
                .filter(field -> !members.contains(field)).toList());
        return work;
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
