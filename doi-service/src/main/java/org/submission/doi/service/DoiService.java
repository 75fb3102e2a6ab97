package org.submission.doi.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.UUID;
import org.submission.doi.client.CpuWork;
import org.submission.doi.client.OaLookupClient;
import org.submission.doi.client.RegistryClient;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.health.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.doi.repository.LookupCoordination;
import org.submission.platform.error.ApiException;

/** The two DOI operations: the article's journal record, and its open-access manuscripts. */
@ApplicationScoped
public class DoiService {

    private final RegistryClient registry;
    private final OaLookupClient oaLookup;
    private final JournalService journals;
    private final CpuWork cpu;
    private final InFlightGuard journalWork;
    private final InFlightGuard lookups;
    private final SharedLookup<RegistryAnswer> works;
    private final SharedLookup<OpenCopies> manuscripts;
    private final ObjectMapper mapper;

    public DoiService(RegistryClient registry, OaLookupClient oaLookup, JournalService journals, DoiSettings settings,
            CpuWork cpu, LookupCoordination coordination, PendingEnds pending, DoiMetrics metrics, ObjectMapper mapper,
            Vertx vertx) {
        this.cpu = cpu;
        this.mapper = mapper;
        this.registry = registry;
        this.oaLookup = oaLookup;
        this.journals = journals;
        this.journalWork = new InFlightGuard(settings.sameDoi(), outcome -> metrics.singleFlight(RegistryClient.NAME, outcome));
        // identical manuscript lookups have no side effect: they always wait for the one in flight, on any pod
        this.lookups = new InFlightGuard(SameDoi.SHARE, outcome -> metrics.singleFlight(OaLookupClient.NAME, outcome));
        // who holds a lease: this process, for as long as it runs
        LookupParts parts = new LookupParts(coordination, LookupTimes.of(settings), settings.cache(), pending, metrics, vertx,
                UUID.randomUUID().toString());
        this.works = new SharedLookup<>(RegistryClient.NAME, registry.pace(),
                AnswerCodec.of(work -> work.stored(mapper), body -> RegistryAnswer.ofStored(body, mapper)), settings.sameDoi(), parts);
        this.manuscripts = new SharedLookup<>(OaLookupClient.NAME, oaLookup.pace(),
                AnswerCodec.of(copies -> write(mapper, copies), body -> read(mapper, body, OpenCopies.class)), SameDoi.SHARE, parts);
    }

    /**
     * One piece of work per DOI at a time; find-or-create runs every time, even on a cached work.
     * The answer waits until the other pods can see the registry's answer too (it runs beside the
     * find-or-create), so that a client answered never meets this DOI's lease on another pod.
     */
    public Uni<JournalLookup> journal(Doi doi) {
        return journalWork.run(doi, () -> works.get(doi, turns -> registry.work(doi, turns, RegistryWork.REWRITES)
                        .chain(found -> found.isEmpty() ? Uni.createFrom().item(Optional.<RegistryAnswer>empty())
                                : cpu.run(() -> Optional.of(RegistryAnswer.of(found.get(), mapper)))))
                .map(found -> found.orElseThrow(() -> ApiException.notFound(
                        "The resource for DOI " + doi + " could not be found on " + RegistryClient.NAME + ".")))
                .chain(work -> journals.findOrCreate(work.journal()).map(id -> new JournalLookup(id, work.json())))
                .onTermination().call(() -> works.settled(doi)));
    }

    /** The manuscripts answer without waiting for the other pods to see them: a pod asked meanwhile waits for them. */
    public Uni<OpenCopies> manuscripts(Doi doi) {
        if (!oaLookup.configured()) {
            return Uni.createFrom().failure(ApiException.unavailable(OaLookupClient.NO_MAILTO, OaLookupClient.NO_MAILTO_RETRY_SECONDS));
        }
        return lookups.run(doi, () -> manuscripts.get(doi, turns -> oaLookup.record(doi, turns)
                        .map(record -> record.map(ManuscriptMapper::map)))
                .map(found -> found.orElseGet(OpenCopies::none)));
    }

    private static String write(ObjectMapper mapper, Object answer) {
        try {
            return mapper.writeValueAsString(answer);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T read(ObjectMapper mapper, String body, Class<T> type) {
        try {
            return mapper.readValue(body, type);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
