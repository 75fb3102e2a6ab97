package org.submission.doi.journal;

import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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

    /** A pass_journal row as find-or-create reads it: its fields and its ISSNs, read-only. */
    public record StoredJournal(long id, String name, String nlmta, String pmcParticipation, List<String> issns) {
    }

    private static final String NORMALISED_NAME = "lower(regexp_replace(btrim(%s), '\\s+', ' ', 'g'))";
    private static final String NO_ISSN_HITS = "select cast(null as bigint) as journal_id, cast(0 as bigint) as shared where false";
    private static final String NO_NAME_HITS = "select cast(null as bigint) as journal_id where false";
    /** Both hit lists use the expression indexes of the V1 migration (ISSN value, normalised name). */
    private static final String ISSN_HITS = "select journal_id, count(distinct upper(split_part(issns, ':', 2))) as shared"
            + " from pass_journal_issns where split_part(issns, ':', 2) in (:values) group by journal_id";
    private static final String NAME_HITS = "select id as journal_id from pass_journal where "
            + NORMALISED_NAME.formatted("journalname") + " = " + NORMALISED_NAME.formatted(":name");
    /** The best candidate with its fields, one row per ISSN (one row with a null ISSN when it has none). */
    private static final String BEST_MATCH = "with issn_hits as (%s), name_hits as (%s),"
            + " best as (select c.journal_id from (select journal_id from issn_hits union select journal_id from name_hits) c"
            + " left join issn_hits i on i.journal_id = c.journal_id"
            + " left join name_hits n on n.journal_id = c.journal_id"
            + " order by coalesce(i.shared, 0) + case when n.journal_id is null then 0 else 1 end desc, c.journal_id"
            + " limit 1)"
            + " select j.id, j.journalname, j.nlmta, j.pmcparticipation, s.issns from best"
            + " join pass_journal j on j.id = best.journal_id left join pass_journal_issns s on s.journal_id = j.id";
    private static final String CREATE = "with created as (insert into pass_journal (id, journalname)"
            + " values (nextval('hibernate_sequence'), :name) returning id),"
            + " listed as (insert into pass_journal_issns (journal_id, issns)"
            + " select created.id, t.issn from created, unnest(array[%s]) with ordinality as t(issn, i) order by t.i)"
            + " select id from created";
    private static final String RENAME = "update pass_journal set journalname = :name where id = :id";
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
     * The journal sharing the most ISSN values with the candidate, +1 for an equal name
     * (case-insensitive, whitespace collapsed), with its fields and ISSNs; ties go to the lowest
     * id; null when none matches.
     */
    @WithSession
    public Uni<StoredJournal> bestMatch(Collection<String> issnValues, String name) {
        Set<String> values = new LinkedHashSet<>();
        issnValues.forEach(value -> {
            values.add(value);
            values.add(value.toLowerCase(Locale.ROOT));
        });
        String sql = BEST_MATCH.formatted(values.isEmpty() ? NO_ISSN_HITS : ISSN_HITS, name == null ? NO_NAME_HITS : NAME_HITS);
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

    private static StoredJournal stored(List<Object[]> rows) {
        if (rows.isEmpty()) {
            return null;
        }
        Object[] first = rows.get(0);
        List<String> issns = new ArrayList<>();
        rows.stream().map(row -> (String) row[4]).filter(issn -> issn != null).forEach(issns::add);
        return new StoredJournal(((Number) first[0]).longValue(), (String) first[1], (String) first[2], (String) first[3],
                List.copyOf(issns));
    }

    /** A new journal with its name and ISSNs (at least one), answering its id. */
    @WithSession
    public Uni<Long> create(String name, List<String> issns) {
        return getSession().chain(session -> bindEach(session.createNativeQuery(
                CREATE.formatted(placeholders("i", issns, "varchar")), Long.class), "i", issns)
                .setParameter("name", name).getSingleResult());
    }

    @WithSession
    public Uni<Void> rename(long id, String name) {
        return getSession().chain(session -> session.createNativeQuery(RENAME)
                .setParameter("name", name).setParameter("id", id).executeUpdate()).replaceWithVoid();
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
