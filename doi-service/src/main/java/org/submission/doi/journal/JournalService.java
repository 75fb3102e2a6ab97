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
     * The journal found or created: its id, whether the record conflicts with PASS (and then
     * nothing was written), and the other journals it also pointed at (empty when it disagrees
     * with one journal only).
     */
    public record Matched(long id, boolean conflicts, List<Long> others) {

        static Matched agreed(long id) {
            return new Matched(id, false, List.of());
        }
    }

    /**
     * The matching or new Journal; 422 when there is nothing to find it by or create it from. A
     * journal found as it should be is not written to, and neither is any when the record
     * disagrees with PASS: one record must never rename a PASS journal or merge two of them.
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
                        return create(candidate).map(Matched::agreed);
                    }
                    StoredJournal best = hits.get(0);
                    if (hits.size() > 1) {
                        return conflict(best, hits.subList(1, hits.size()).stream().map(StoredJournal::id).toList());
                    }
                    if (!best.sameName()) {
                        // hit by an ISSN alone: Crossref holds records listing a second journal's ISSN, and
                        // taking such a record's name or ISSNs would merge that journal into this one for good
                        return conflict(best, List.of());
                    }
                    if (curated(best)) {
                        return Uni.createFrom().item(Matched.agreed(best.id()));
                    }
                    return complete(best, candidate).replaceWith(Matched.agreed(best.id()));
                });
    }

    private Uni<Matched> conflict(StoredJournal best, List<Long> others) {
        metrics.journalConflict();
        return Uni.createFrom().item(new Matched(best.id(), true, others));
    }

    private Uni<Long> create(JournalCandidate candidate) {
        if (!candidate.complete()) {
            return Uni.createFrom().failure(ApiException.unprocessable(INSUFFICIENT));
        }
        return journals.create(candidate.name(), candidate.issns()).invoke(id ->
                Log.debugf("Created journal %d %s %s", id, candidate.name(), candidate.issns()));
    }

    /**
     * The only journal the record points at, with its name, gains the ISSNs it lacks (no other
     * journal holds them: it would have been hit), when it holds none or the record shares one of
     * them: a record agreeing by name alone may be another journal of that name. Its name stays
     * as PASS holds it.
     */
    private Uni<Void> complete(StoredJournal journal, JournalCandidate candidate) {
        if (!journal.issns().isEmpty() && journal.sharedIssns() == 0) {
            return Uni.createFrom().voidItem();
        }
        Set<String> held = new HashSet<>(journal.issns());
        Set<String> heldValues = new HashSet<>();
        journal.issns().forEach(issn -> heldValues.add(JournalCandidate.value(issn)));
        List<String> added = new ArrayList<>();
        for (String issn : candidate.issns()) {
            // an untyped ISSN adds nothing when the journal already lists that value with a type
            if (!held.contains(issn) && !(issn.startsWith(":") && heldValues.contains(JournalCandidate.value(issn)))) {
                held.add(issn);
                heldValues.add(JournalCandidate.value(issn));
                added.add(issn);
            }
        }
        return added.isEmpty() ? Uni.createFrom().voidItem() : journals.addIssns(journal.id(), added);
    }

    /** Curated journals (nlmta or pmcparticipation set) are maintained by the PMC loader. */
    private static boolean curated(StoredJournal journal) {
        return present(journal.nlmta()) || present(journal.pmcParticipation());
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
