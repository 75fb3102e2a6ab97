package org.submission.doi.journal;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.submission.doi.journal.JournalRepository.StoredJournal;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.platform.error.ApiException;

/**
 * Finds the Journal record of a registry work, updating or creating it. One transaction holds
 * advisory locks on the candidate's ISSN values and name from before the search until commit, so
 * concurrent requests, on this instance or another, for the same journal run one after the
 * other and the later ones find what the first created.
 */
@ApplicationScoped
public class JournalService {

    static final String INSUFFICIENT = "Insufficient information to locate or specify a journal entry.";

    private final JournalRepository journals;
    private final DoiMetrics metrics;

    public JournalService(JournalRepository journals, DoiMetrics metrics) {
        this.journals = journals;
        this.metrics = metrics;
    }

    /**
     * The journal found or created: its id, and the other journals the record also pointed at
     * (empty unless it conflicts with PASS, and then nothing was written).
     */
    public record Matched(long id, List<Long> conflicting) {

        public boolean conflicts() {
            return !conflicting.isEmpty();
        }
    }

    /**
     * The matching or new Journal; 422 when there is nothing to find it by or create it from. A
     * journal found as it should be is not written to, and neither is any when the record's ISSNs
     * and name point at more than one: one record must never merge two PASS journals.
     */
    @WithTransaction
    public Uni<Matched> findOrCreate(JournalCandidate candidate) {
        if (!candidate.hasName() && candidate.issns().isEmpty()) {
            return Uni.createFrom().failure(ApiException.unprocessable(INSUFFICIENT));
        }
        return journals.lock(lockKeys(candidate))
                .chain(() -> journals.hits(candidate.issnValues(), candidate.name()))
                .chain(hits -> {
                    if (hits.isEmpty()) {
                        return create(candidate).map(id -> new Matched(id, List.of()));
                    }
                    StoredJournal best = hits.get(0);
                    if (hits.size() > 1) {
                        metrics.journalConflict();
                        return Uni.createFrom().item(new Matched(best.id(),
                                hits.subList(1, hits.size()).stream().map(StoredJournal::id).toList()));
                    }
                    return update(best, candidate).replaceWith(new Matched(best.id(), List.of()));
                });
    }

    private Uni<Long> create(JournalCandidate candidate) {
        if (!candidate.complete()) {
            return Uni.createFrom().failure(ApiException.unprocessable(INSUFFICIENT));
        }
        return journals.create(candidate.name(), candidate.issns()).invoke(id ->
                Log.debugf("Created journal %d %s %s", id, candidate.name(), candidate.issns()));
    }

    /**
     * The only journal the record points at gains the ISSNs it lacks (no other journal holds them:
     * it would have been hit). Its name follows the registry's only when the record carries every
     * ISSN value it holds: a record naming the journal by one ISSN among others, or by name alone,
     * does not rename it, so two records can never rename one journal back and forth. Curated
     * journals (nlmta or pmcparticipation set) are maintained by the PMC loader and stay as they are.
     */
    private Uni<Void> update(StoredJournal journal, JournalCandidate candidate) {
        if (present(journal.nlmta()) || present(journal.pmcParticipation())) {
            return Uni.createFrom().voidItem();
        }
        Set<String> held = new HashSet<>(journal.issns());
        Set<String> heldValues = new HashSet<>();
        journal.issns().forEach(issn -> heldValues.add(JournalCandidate.value(issn)));
        boolean carriesAll = candidate.issnValues().containsAll(heldValues);
        List<String> added = new ArrayList<>();
        for (String issn : candidate.issns()) {
            // an untyped ISSN adds nothing when the journal already lists that value with a type
            if (!held.contains(issn) && !(issn.startsWith(":") && heldValues.contains(JournalCandidate.value(issn)))) {
                held.add(issn);
                heldValues.add(JournalCandidate.value(issn));
                added.add(issn);
            }
        }
        boolean renamed = carriesAll && candidate.hasName() && !candidate.name().equals(journal.name());
        Uni<Void> rename = renamed ? journals.rename(journal.id(), candidate.name()) : Uni.createFrom().voidItem();
        return rename.chain(() -> added.isEmpty() ? Uni.createFrom().voidItem() : journals.addIssns(journal.id(), added));
    }

    /** 64-bit advisory lock keys for the ISSN values and the normalised name, ascending. */
    static List<Long> lockKeys(JournalCandidate candidate) {
        TreeSet<Long> keys = new TreeSet<>();
        candidate.issnValues().forEach(value -> keys.add(key("pass_journal/issn/" + value)));
        if (candidate.hasName()) {
            String name = candidate.name().strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
            keys.add(key("pass_journal/name/" + name));
        }
        return List.copyOf(keys);
    }

    private static long key(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
