package org.submission.doi.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.submission.doi.client.CpuWork;
import org.submission.doi.client.OaLookupClient;
import org.submission.doi.client.RegistryClient;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.model.Doi;

/** The two DOI operations: the article's journal record, and its open-access manuscripts. */
@ApplicationScoped
public class DoiService {

    private final RegistryClient registry;
    private final OaLookupClient oaLookup;
    private final JournalService journals;
    private final CpuWork cpu;
    private final InFlightGuard journalWork;
    private final InFlightGuard lookups;
    private final AnswerCache<ObjectNode> works;
    private final AnswerCache<ManuscriptList> manuscripts;

    public DoiService(RegistryClient registry, OaLookupClient oaLookup, JournalService journals,
            DoiSettings settings, CpuWork cpu) {
        this.cpu = cpu;
        this.registry = registry;
        this.oaLookup = oaLookup;
        this.journals = journals;
        this.journalWork = new InFlightGuard(settings.sameDoi());
        // identical manuscript lookups have no side effect: they always wait for the one in flight
        this.lookups = new InFlightGuard(SameDoi.SHARE);
        this.works = new AnswerCache<>(settings.cache());
        this.manuscripts = new AnswerCache<>(settings.cache());
    }

    /** One piece of work per DOI at a time; find-or-create runs every time, even on a cached work. */
    public Uni<JournalAnswer> journal(Doi doi) {
        return journalWork.run(doi, () -> works.get(doi.key(), () -> registry.work(doi)
                        .chain(work -> cpu.run(() -> RegistryWork.normalised(work))))
                .chain(work -> journals.findOrCreate(JournalCandidate.fromWork(work))
                        .map(id -> new JournalAnswer(String.valueOf(id), work))));
    }

    public Uni<ManuscriptList> manuscripts(Doi doi) {
        return lookups.run(doi, () -> manuscripts.get(doi.key(), () -> oaLookup.record(doi)
                .map(record -> record.map(ManuscriptMapper::map).orElseGet(ManuscriptList::none))));
    }
}
