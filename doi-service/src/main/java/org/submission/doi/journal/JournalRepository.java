package org.submission.doi.journal;

import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.hibernate.reactive.mutiny.Mutiny;
import org.submission.shared.model.Journal;

/**
 * Journal records, with the locks, the matching query and the writes of find-or-create. These
 * are native statements on plain rows rather than managed entities: a request that finds its
 * journal unchanged then costs one round trip after the locks, with no entity to build or flush.
 */
@ApplicationScoped
public class JournalRepository implements PanacheRepository<Journal> {

    /**
     * A pass_journal row as find-or-create reads it: its fields and its ISSNs, read-only, with how
     * it matched: the ISSN values it shares with the candidate and whether it holds the same name
     * (as PostgreSQL compares them, so that agreeing and being hit never differ).
     */
    public record StoredJournal(long id, String name, String nlmta, String pmcParticipation, List<String> issns,
            long sharedIssns, boolean sameName) {
    }

    private static final String NORMALISED_NAME = "lower(regexp_replace(btrim(%s), '\\s+', ' ', 'g'))";
    private static final String NO_ISSN_HITS = "select cast(null as bigint) as journal_id, cast(0 as bigint) as shared where false";
    private static final String NO_NAME_HITS = "select cast(null as bigint) as journal_id where false";
    /** Both hit lists use the expression indexes of the V1 migration (ISSN value, normalised name). */
    private static final String ISSN_HITS = "select journal_id, count(distinct upper(split_part(issns, ':', 2))) as shared"
            + " from pass_journal_issns where split_part(issns, ':', 2) in (:values) group by journal_id";
    private static final String NAME_HITS = "select id as journal_id from pass_journal where "
            + NORMALISED_NAME.formatted("journalname") + " = " + NORMALISED_NAME.formatted(":name");
    /**
     * The journals hit, best first, with their fields, one row per ISSN (one row with a null ISSN
     * when it has none): at most {@link #MAX_HITS} of them, enough to name a conflict.
     */
    private static final String HITS = "with issn_hits as (%s), name_hits as (%s),"
            + " hits as (select c.journal_id, coalesce(i.shared, 0) as shared, n.journal_id is not null as named,"
            + " coalesce(i.shared, 0) + case when n.journal_id is null then 0 else 1 end as score"
            + " from (select journal_id from issn_hits union select journal_id from name_hits) c"
            + " left join issn_hits i on i.journal_id = c.journal_id"
            + " left join name_hits n on n.journal_id = c.journal_id"
            + " order by score desc, c.journal_id limit %d)"
            + " select j.id, j.journalname, j.nlmta, j.pmcparticipation, s.issns, hits.shared, hits.named from hits"
            + " join pass_journal j on j.id = hits.journal_id left join pass_journal_issns s on s.journal_id = j.id"
            + " order by hits.score desc, j.id";
    /** Journals named by one registry record: its ISSNs and its name hit at most nine unless PASS holds duplicates. */
    static final int MAX_HITS = 10;
    private static final String CREATE = "with created as (insert into pass_journal (id, journalname)"
            + " values (nextval('hibernate_sequence'), :name) returning id),"
            + " listed as (insert into pass_journal_issns (journal_id, issns)"
            + " select created.id, t.issn from created, unnest(array[%s]) with ordinality as t(issn, i) order by t.i)"
            + " select id from created";
    private static final String ADD_ISSNS = "insert into pass_journal_issns (journal_id, issns)"
            + " select :id, t.issn from unnest(array[%s]) with ordinality as t(issn, i) order by t.i";
    private static final String LOCK = "select count(*) from (select pg_advisory_xact_lock(t.k)"
            + " from unnest(array[%s]) with ordinality as t(k, i) order by t.i) as locked";

    /**
     * Transaction-scoped PostgreSQL advisory locks, taken in ascending key order so that two
     * transactions wanting overlapping keys queue instead of deadlocking. One statement: the
     * volatile lock calls run after the ORDER BY and are kept although only counted. It cannot
     * also search: a statement reads the snapshot of its start, from before a wait for a lock,
     * and would miss the journal the transaction it waited for has just committed.
     * <p>
     * Run as an update, whose result is not read: Hibernate's plan cache keys a native select by a
     * result mapping built per query, whose instances hash alike but never compare equal, so each
     * run as a select added an entry to one overfull bucket and every lookup compared against all
     * of them (a tenth of the CPU of a request). The plan of an update is keyed by its SQL alone.
     */
    @WithSession
    public Uni<Void> lock(List<Long> sortedKeys) {
        if (sortedKeys.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return getSession().chain(session -> bindEach(session.createNativeQuery(LOCK.formatted(placeholders("k", sortedKeys, "bigint"))),
                "k", sortedKeys).executeUpdate()).replaceWithVoid();
    }

    /**
     * The journals holding one of the ISSN values or the name (case-insensitive, whitespace
     * collapsed), each with its fields and ISSNs, best first: the most shared ISSN values, +1 for
     * the name, then the lowest id. Empty when none matches.
     */
    @WithSession
    public Uni<List<StoredJournal>> hits(Collection<String> issnValues, String name) {
        Set<String> values = new LinkedHashSet<>();
        issnValues.forEach(value -> {
            values.add(value);
            values.add(value.toLowerCase(Locale.ROOT));
        });
        String sql = HITS.formatted(values.isEmpty() ? NO_ISSN_HITS : ISSN_HITS, name == null ? NO_NAME_HITS : NAME_HITS, MAX_HITS);
        return getSession().chain(session -> {
            var query = session.createNativeQuery(sql, Object[].class);
            if (!values.isEmpty()) {
                query.setParameter("values", values);
            }
            if (name != null) {
                query.setParameter("name", name);
            }
            return query.getResultList();
        }).map(JournalRepository::stored);
    }

    /** Rows come grouped by journal, best first. */
    private static List<StoredJournal> stored(List<Object[]> rows) {
        Map<Long, List<Object[]>> byJournal = new LinkedHashMap<>();
        rows.forEach(row -> byJournal.computeIfAbsent(((Number) row[0]).longValue(), id -> new ArrayList<>()).add(row));
        List<StoredJournal> journals = new ArrayList<>();
        byJournal.forEach((id, its) -> {
            Object[] first = its.get(0);
            List<String> issns = its.stream().map(row -> (String) row[4]).filter(issn -> issn != null).toList();
            journals.add(new StoredJournal(id, (String) first[1], (String) first[2], (String) first[3], issns,
                    ((Number) first[5]).longValue(), (Boolean) first[6]));
        });
        return List.copyOf(journals);
    }

    /** A new journal with its name and ISSNs (at least one), answering its id. */
    @WithSession
    public Uni<Long> create(String name, List<String> issns) {
        return getSession().chain(session -> bindEach(session.createNativeQuery(
                CREATE.formatted(placeholders("i", issns, "varchar")), Long.class), "i", issns)
                .setParameter("name", name).getSingleResult());
    }

    @WithSession
    public Uni<Void> addIssns(long id, List<String> issns) {
        return getSession().chain(session -> bindEach(session.createNativeQuery(
                ADD_ISSNS.formatted(placeholders("i", issns, "varchar"))), "i", issns)
                .setParameter("id", id).executeUpdate()).replaceWithVoid();
    }

    /**
     * Array elements as one named parameter each ({@code :k0, :k1…}): Hibernate would expand a
     * list parameter inside {@code array[…]} into a row value.
     */
    private static String placeholders(String prefix, List<?> values, String type) {
        StringBuilder sql = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("cast(:").append(prefix).append(i).append(" as ").append(type).append(')');
        }
        return sql.toString();
    }

    private static <Q extends Mutiny.AbstractQuery> Q bindEach(Q query, String prefix, List<?> values) {
        for (int i = 0; i < values.size(); i++) {
            query.setParameter(prefix + i, values.get(i));
        }
        return query;
    }
}
