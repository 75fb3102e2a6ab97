package org.submission.doi.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.submission.shared.model.Journal;

/** Journal records, with the matching query and the locks of find-or-create. */
@ApplicationScoped
public class JournalRepository implements PanacheRepository<Journal> {

    private static final String NORMALISED_NAME = "lower(regexp_replace(btrim(%s), '\\s+', ' ', 'g'))";
    private static final String NO_ISSN_HITS = "select cast(null as bigint) as journal_id, cast(0 as bigint) as shared where false";
    private static final String NO_NAME_HITS = "select cast(null as bigint) as journal_id where false";
    /** Both hit lists use the expression indexes of the V1 migration (ISSN value, normalised name). */
    private static final String ISSN_HITS = "select journal_id, count(distinct upper(split_part(issns, ':', 2))) as shared"
            + " from pass_journal_issns where split_part(issns, ':', 2) in (:values) group by journal_id";
    private static final String NAME_HITS = "select id as journal_id from pass_journal where "
            + NORMALISED_NAME.formatted("journalname") + " = " + NORMALISED_NAME.formatted(":name");
    private static final String BEST_MATCH = "with issn_hits as (%s), name_hits as (%s)"
            + " select c.journal_id from (select journal_id from issn_hits union select journal_id from name_hits) c"
            + " left join issn_hits i on i.journal_id = c.journal_id"
            + " left join name_hits n on n.journal_id = c.journal_id"
            + " order by coalesce(i.shared, 0) + case when n.journal_id is null then 0 else 1 end desc, c.journal_id"
            + " limit 1";

    /**
     * Transaction-scoped PostgreSQL advisory locks, taken in ascending key order so that two
     * transactions wanting overlapping keys queue instead of deadlocking. One statement: the
     * volatile lock calls run after the ORDER BY and are kept although only counted.
     */
    @WithSession
    public Uni<Void> lock(List<Long> sortedKeys) {
        if (sortedKeys.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < sortedKeys.size(); i++) {
            keys.append(i == 0 ? "" : ", ").append("cast(:k").append(i).append(" as bigint)");
        }
        String sql = "select count(*) from (select pg_advisory_xact_lock(t.k) from unnest(array[" + keys
                + "]) with ordinality as t(k, i) order by t.i) as locked";
        return getSession().chain(session -> {
            var query = session.createNativeQuery(sql, Long.class);
            for (int i = 0; i < sortedKeys.size(); i++) {
                query.setParameter("k" + i, sortedKeys.get(i));
            }
            return query.getSingleResult();
        }).replaceWithVoid();
    }

    /**
     * The id of the journal sharing the most ISSN values with the candidate, +1 for an equal name
     * (case-insensitive, whitespace collapsed); ties go to the lowest id; null when none matches.
     */
    @WithSession
    public Uni<Long> bestMatch(Collection<String> issnValues, String name) {
        Set<String> values = new LinkedHashSet<>();
        issnValues.forEach(value -> {
            values.add(value);
            values.add(value.toLowerCase(Locale.ROOT));
        });
        String sql = BEST_MATCH.formatted(values.isEmpty() ? NO_ISSN_HITS : ISSN_HITS, name == null ? NO_NAME_HITS : NAME_HITS);
        return getSession().chain(session -> {
            var query = session.createNativeQuery(sql, Long.class);
            if (!values.isEmpty()) {
                query.setParameter("values", values);
            }
            if (name != null) {
                query.setParameter("name", name);
            }
            return query.getResultList();
        }).map(ids -> ids.isEmpty() ? null : ids.get(0));
    }

    /** The journal with its ISSNs loaded, ready to be changed; null when there is none. */
    @WithSession
    public Uni<Journal> withIssns(long id) {
        return find("from Journal j left join fetch j.issns where j.id = ?1", id).list()
                .map(found -> found.isEmpty() ? null : found.get(0));
    }
}
