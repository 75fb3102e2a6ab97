package org.submission.policy.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.submission.platform.error.ApiException;
import org.submission.policy.doi.DoiServiceClient;
import org.submission.policy.doi.RegistryRecord;
import org.submission.policy.graphcache.GraphCache;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.rules.RegistryDates;

/**
 * The article's registry record, read through the DOI service's read-only {@code /doi/registry}
 * in the caller's share of its calls, for the rules' {@code registry.*} dates and the acknowledged
 * funders alike, and kept with the submission's graph ({@link GraphCache#keepRegistry}) so that
 * its next answers make no call. A failed read is not kept: the next answer asks again.
 */
@ApplicationScoped
public class RegistryReads {

    /** The record, or null with why it could not be read. */
    record Read(RegistryRecord record, String unavailable) {

        RegistryDates dates() {
            return record == null ? RegistryDates.unreadable(unavailable) : RegistryDates.of(record.dates().byName());
        }
    }

    /**
     * The applicable policies, and the record when their dates needed it (null: not read);
     * {@code graphAlone} when no date looked for the record, so that the graph, the rules and the
     * caller decided them alone.
     */
    record Decided(List<PolicyEntry> entries, Read read, boolean graphAlone) {
    }

    private final DoiServiceClient doiService;
    private final GraphCache kept;

    public RegistryReads(DoiServiceClient doiService, GraphCache kept) {
        this.doiService = doiService;
        this.kept = kept;
    }

    /**
     * The policies {@code evaluate} gives, evaluated first without the record: only when a date's
     * every earlier source is absent and a registry source comes next, and the submission has a
     * {@code doi} (valid, or null; asked for only then), is the record read and the policies
     * evaluated again with it.
     */
    Uni<Decided> decide(String caller, SubmissionGraph graph, Supplier<String> doi,
                        Function<RegistryDates, List<PolicyEntry>> evaluate) {
        RegistryDates probe = RegistryDates.unread();
        List<PolicyEntry> first = evaluate.apply(probe);
        String valid = probe.asked() ? doi.get() : null;
        if (valid == null) {
            return Uni.createFrom().item(new Decided(first, null, !probe.asked()));
        }
        return read(caller, graph, valid).map(read -> new Decided(evaluate.apply(read.dates()), read, false));
    }

    /** The record of {@code doi} (valid) for this graph: the one kept with it, or read now. */
    Uni<Read> read(String caller, SubmissionGraph graph, String doi) {
        RegistryRecord known = kept.registry(graph, doi);
        if (known != null) {
            return Uni.createFrom().item(new Read(known, null));
        }
        return doiService.registry(caller, doi)
                .invoke(record -> kept.keepRegistry(graph, doi, record))
                .map(record -> new Read(record, null))
                .onFailure(failure -> failure instanceof DoiServiceClient.Unavailable || failure instanceof ApiException)
                .recoverWithItem(failure -> new Read(null, failure.getMessage()));
    }
}
