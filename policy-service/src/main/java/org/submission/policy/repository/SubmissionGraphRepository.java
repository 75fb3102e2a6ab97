package org.submission.policy.repository;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.submission.policy.config.RulesSettings;
import org.submission.shared.model.CommaJoinedList;

/**
 * Loads a {@link SubmissionGraph} with one SQL statement whatever the number of grants, funders,
 * policies or repositories: each branch of the UNION is one relation, tagged by {@code kind}.
 * It goes straight to the reactive pool because a native statement through a Hibernate session
 * would add a session and an entity context per request for rows that are never entities.
 */
@ApplicationScoped
public class SubmissionGraphRepository {

    private static final int SUBMISSION = 0;
    private static final int PREPARER = 1;
    private static final int GRANT = 2;
    private static final int EFFECTIVE_REPOSITORY = 4;
    private static final int VERSIONED = 9;
    // columns by position: a row's column lookup by name searches the column names on every call
    private static final int KIND = 0;
    private static final int SID = 1;
    private static final int A = 2;
    private static final int B = 3;
    private static final int C = 4;
    private static final int D = 5;
    private static final int E = 6;
    private static final int LABEL = 7;
    private static final int FLAG = 8;
    private static final int DOC = 9;
    private static final int T = 10;
    private static final int AWARDED = 11;
    private static final int STARTED = 12;

    // The LATERAL (... OFFSET 0) subqueries pin the plan to primary-key lookups per row of the
    // submission's join tables, whatever the statistics say: right after a bulk load, before
    // ANALYZE, the planner otherwise hash-joins whole tables (8 ms instead of 0.1 ms per request).
    // A grant is one row with both its funders and their policies, and the institutional policy a
    // column of the submission's row: fewer plan nodes and rows than a row per funder. The small
    // configuration tables (a policy's repositories, the repositories) are joined plainly, so that
    // the planner reads each once instead of once per row.
    // %1$s is which submissions: one ($1) or a page of the dry run's (see PAGE_SQL). $3 says policy
    // rules are in use: then the metadata, the dates (the grant's award, start and end days as
    // columns t, u, v of its row) and the funders without a policy (a rule may
    // give them one) come too. A metadata text longer than $4 bytes is not fetched at all:
    // octet_length reads a stored value's size without reading the value.
    private static final String GRAPH_SQL = """
            SELECT 0 AS kind, s.id AS sid, s.submitter_id AS a, NULL::bigint AS b,
                   (SELECT min(pol.id) FROM pass_policy pol WHERE pol.title = $2) AS c,
                   NULL::bigint AS d, NULL::bigint AS e, u.affiliation AS label, %2$s AS flag,
                   CASE WHEN $3 AND octet_length(s.metadata) <= $4 THEN s.metadata END AS doc, s.submitteddate AS t,
                   NULL::timestamp AS u, NULL::timestamp AS v
              FROM pass_submission s LEFT JOIN pass_user u ON u.id = s.submitter_id
             WHERE s.id %1$s
            UNION ALL
            SELECT 1, p.submission_id, p.preparers_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
              FROM pass_submission_preparers p
             WHERE p.submission_id %1$s
            UNION ALL
            SELECT 2, sg.submission_id, sg.grants_id, g.primaryfunder_id, pf.policy_id, g.directfunder_id, df.policy_id,
                   NULL, NULL, NULL, g.enddate, g.awarddate, g.startdate
              FROM pass_submission_grants sg
              CROSS JOIN LATERAL (SELECT g.primaryfunder_id, g.directfunder_id, g.enddate, g.awarddate, g.startdate
                                    FROM pass_grant g WHERE g.id = sg.grants_id OFFSET 0) g
              LEFT JOIN LATERAL (SELECT f.policy_id FROM pass_funder f
                                  WHERE f.id = g.primaryfunder_id OFFSET 0) pf ON true
              LEFT JOIN LATERAL (SELECT f.policy_id FROM pass_funder f
                                  WHERE f.id = g.directfunder_id OFFSET 0) df ON true
             WHERE sg.submission_id %1$s AND (pf.policy_id IS NOT NULL OR df.policy_id IS NOT NULL OR $3)
            UNION ALL
            SELECT 4, e.submission_id, e.effectivepolicies_id, pr.repositories_id, NULL, NULL, NULL, NULL,
                   r.name = $5, NULL, NULL, NULL, NULL
              FROM pass_submission_effectivepolicies e
              LEFT JOIN pass_policy_repositories pr ON pr.policy_id = e.effectivepolicies_id
              LEFT JOIN pass_repository r ON r.id = pr.repositories_id
             WHERE e.submission_id %1$s
            """;

    // The version of every row one submission's graph is read from, as PostgreSQL's own row versions
    // tell it: each row's xmin, the transaction that wrote it, which any committed insert, update or
    // delete changes (a row added or gone adds or drops an xmin; none is ever written again by a later
    // transaction). PASS's change counter says when a kept graph must be checked; this says whether it
    // changed, without a row per write in PASS's tables, in a statement whose snapshot holds every
    // commit before it. The same rows as the graph's branches, through the same primary-key lookups,
    // each missing one marked; the policies with the institutional title too, since a new one may come
    // first. Each set of rows is its count and the sum of its xmins' 64-bit hashes, so that their order
    // changes nothing and no sort is needed: a sorted text with a digest cost half as much again. A
    // statement of its own: the graph's with its branches skipped by a one-time filter still cost
    // their executor's start, as much as reading them (deploy/bench/RESULTS.md, "The policy answer
    // with the change counter").
    private static final String VERSION = """
            concat_ws(' ',
                coalesce((SELECT s.xmin::text || '/' || coalesce(u.xmin::text, '-')
                            FROM pass_submission s LEFT JOIN pass_user u ON u.id = s.submitter_id WHERE s.id = $1), '-'),
                (SELECT count(*) || ':' || coalesce(sum(hashtextextended(pol.xmin::text, 0)), 0)
                   FROM pass_policy pol WHERE pol.title = $2),
                (SELECT count(*) || ':' || coalesce(sum(hashtextextended(p.xmin::text, 0)), 0)
                   FROM pass_submission_preparers p WHERE p.submission_id = $1),
                (SELECT count(*) || ':' || coalesce(sum(hashtextextended(concat_ws('/', sg.xmin, coalesce(g.x, '-'), coalesce(pf.x, '-'), coalesce(df.x, '-')), 0)), 0)
                   FROM pass_submission_grants sg
                   LEFT JOIN LATERAL (SELECT g.xmin::text AS x, g.primaryfunder_id, g.directfunder_id
                                        FROM pass_grant g WHERE g.id = sg.grants_id OFFSET 0) g ON true
                   LEFT JOIN LATERAL (SELECT f.xmin::text AS x FROM pass_funder f WHERE f.id = g.primaryfunder_id OFFSET 0) pf ON true
                   LEFT JOIN LATERAL (SELECT f.xmin::text AS x FROM pass_funder f WHERE f.id = g.directfunder_id OFFSET 0) df ON true
                  WHERE sg.submission_id = $1),
                (SELECT count(*) || ':' || coalesce(sum(hashtextextended(concat_ws('/', e.xmin, coalesce(pr.xmin::text, '-'), coalesce(r.xmin::text, '-')), 0)), 0)
                   FROM pass_submission_effectivepolicies e
                   LEFT JOIN pass_policy_repositories pr ON pr.policy_id = e.effectivepolicies_id
                   LEFT JOIN pass_repository r ON r.id = pr.repositories_id
                  WHERE e.submission_id = $1))""";
    private static final String VERSION_SQL = "SELECT " + VERSION;
    // One submission's graph, and the same with its rows' version, in one statement and so one snapshot
    private static final String NO_FLAG = "NULL::boolean";
    private static final String ONE_GRAPH = GRAPH_SQL.formatted("= $1", NO_FLAG);
    private static final String ONE_VERSIONED = ONE_GRAPH + """
            UNION ALL
            SELECT 9, $1, NULL, NULL, NULL, NULL, NULL, (%s), NULL, NULL, NULL, NULL, NULL
            """.formatted(VERSION);
    // A page of the replay: the submissions submitted since $1, newest first, after the last one of
    // the page before ($8, $9), at most $6 of them and, past the first, only while their metadata
    // (as fetched: within $4) adds up to $7 bytes. Each submission row says whether the bytes cut
    // the page short, so that a page of fewer than $6 needs no statement to tell it was the last.
    private static final String PAGE_SQL = """
            WITH candidates AS (
                SELECT id, row_number() OVER w AS n, sum(size) OVER w AS bytes
                  FROM (SELECT id, submitteddate,
                               CASE WHEN octet_length(metadata) <= $4 THEN octet_length(metadata) ELSE 0 END AS size
                          FROM pass_submission WHERE submitteddate >= $1 %s
                         ORDER BY submitteddate DESC, id DESC LIMIT $6) c
                WINDOW w AS (ORDER BY submitteddate DESC, id DESC)),
            page AS (SELECT id FROM candidates WHERE n = 1 OR bytes <= $7)
            """ + GRAPH_SQL.formatted("IN (SELECT id FROM page)",
            "(SELECT count(*) FROM candidates) > (SELECT count(*) FROM page)");
    private static final String FIRST_PAGE = PAGE_SQL.formatted("");
    private static final String NEXT_PAGE = PAGE_SQL.formatted("AND (submitteddate, id) < ($8, $9)");
    // a metadata text this short is read on the event loop (a tenth of a millisecond); a longer one
    // on a worker thread, where its parse, at most the bound's bytes, cannot hold other requests
    private static final int INLINE_CHARS = 16 * 1024;

    private static final CommaJoinedList COMMA_JOINED = new CommaJoinedList();

    private final Pool pool;
    private final int metadataMaxBytes;

    public SubmissionGraphRepository(Pool pool, RulesSettings settings) {
        this.pool = pool;
        this.metadataMaxBytes = (int) Math.min(Integer.MAX_VALUE, settings.metadataMaxBytes().asLongValue());
    }

    /** A submission's graph, null when there is no such submission, and the version of the rows it was read from (null: not read). */
    public record Versioned(SubmissionGraph graph, String version) {
    }

    /**
     * The graph of one submission with the effective policies' repositories, and with what policy
     * rules read when {@code metadataFields} is not null (those fields of the metadata among the
     * rest), and with the version of its rows when {@code versioned}, in one statement.
     *
     * @param institutionalTitle title of the institutional policy; null when there is none
     * @param institutionalRepositoryName name of the institutional repository; null when there is none
     */
    public Uni<Versioned> load(long submissionId, String institutionalTitle, String institutionalRepositoryName,
                               Set<String> metadataFields, boolean versioned) {
        Tuple parameters = Tuple.tuple().addLong(submissionId).addString(institutionalTitle)
                .addBoolean(metadataFields != null).addInteger(metadataMaxBytes).addString(institutionalRepositoryName);
        return pool.preparedQuery(versioned ? ONE_VERSIONED : ONE_GRAPH)
                .execute(parameters)
                .flatMap(rows -> {
                    Uni<Versioned> graph = Uni.createFrom().item(() -> new Versioned(
                            assemble(rows, metadataFields, new HashMap<>()).get(submissionId), versionOf(rows)));
                    return longestText(rows) > INLINE_CHARS ? graph.runSubscriptionOn(Infrastructure.getDefaultWorkerPool()) : graph;
                });
    }

    /** The version of the rows the submission's graph would be read from now: what {@link #load} gives with the graph. */
    public Uni<String> version(long submissionId, String institutionalTitle) {
        return pool.preparedQuery(VERSION_SQL).execute(Tuple.of(submissionId, institutionalTitle))
                .map(rows -> rows.iterator().next().getString(0));
    }

    private static String versionOf(RowSet<Row> rows) {
        String version = null;
        for (Row row : rows) {
            if (row.getInteger(KIND) == VERSIONED) {
                version = row.getString(LABEL);
            }
        }
        return version;
    }

    /** One page of a dry run's replay: its graphs newest first, and whether more were left out for their bytes. */
    public record Page(List<SubmissionGraph> graphs, boolean more, LocalDateTime lastSubmitted) {
    }

    /**
     * The graphs, with repositories and what rules read, of the submissions submitted since the
     * time, newest first, following the page {@code after} (null: from the newest), at most
     * {@code limit} and at most {@code pageBytes} of metadata text but never none; one statement.
     * Assembled on a worker thread.
     */
    public Uni<Page> recent(LocalDateTime since, Page after, int limit, long pageBytes, String institutionalTitle,
                            String institutionalRepositoryName, Set<String> metadataFields) {
        Tuple parameters = Tuple.tuple().addLocalDateTime(since).addString(institutionalTitle).addBoolean(true)
                .addInteger(metadataMaxBytes).addString(institutionalRepositoryName).addInteger(limit).addLong(pageBytes);
        if (after != null) {
            parameters.addLocalDateTime(after.lastSubmitted()).addLong(after.graphs().get(after.graphs().size() - 1).id());
        }
        return pool.preparedQuery(after == null ? FIRST_PAGE : NEXT_PAGE).execute(parameters)
                .emitOn(Infrastructure.getDefaultWorkerPool()).map(rows -> {
                    Map<Long, LocalDateTime> submitted = new HashMap<>();
                    boolean more = false;
                    for (Row row : rows) {
                        more |= row.getInteger(KIND) == SUBMISSION && Boolean.TRUE.equals(row.getBoolean(FLAG));
                    }
                    List<SubmissionGraph> graphs = new ArrayList<>(assemble(rows, metadataFields, submitted).values());
                    graphs.sort(Comparator.comparing((SubmissionGraph graph) -> submitted.get(graph.id()), Comparator.reverseOrder())
                            .thenComparing(Comparator.comparingLong(SubmissionGraph::id).reversed()));
                    return new Page(graphs, more, graphs.isEmpty() ? null : submitted.get(graphs.get(graphs.size() - 1).id()));
                });
    }

    /**
     * The repositories of the policies, as the rows of a graph's effective policies would hold them
     * (whether each is the institutional repository by name): one statement for any number of policies.
     */
    public Uni<List<SubmissionGraph.EffectiveRepository>> repositoriesOf(Collection<Long> policyIds,
                                                                         String institutionalRepositoryName) {
        return pool.preparedQuery("SELECT pol.id, pr.repositories_id, r.name = $2 FROM pass_policy pol"
                        + " LEFT JOIN pass_policy_repositories pr ON pr.policy_id = pol.id"
                        + " LEFT JOIN pass_repository r ON r.id = pr.repositories_id WHERE pol.id = ANY($1)")
                .execute(Tuple.of(policyIds.toArray(Long[]::new), institutionalRepositoryName))
                .map(rows -> {
                    List<SubmissionGraph.EffectiveRepository> found = new ArrayList<>();
                    rows.forEach(row -> found.add(new SubmissionGraph.EffectiveRepository(row.getLong(0), row.getLong(1),
                            Boolean.TRUE.equals(row.getBoolean(2)))));
                    return found;
                });
    }

    /** The repositories of each policy, ascending ids: one statement for any number of policies. */
    public Uni<Map<Long, List<Long>>> policyRepositories(List<Long> policyIds) {
        return pool.preparedQuery("SELECT policy_id, repositories_id FROM pass_policy_repositories"
                        + " WHERE policy_id = ANY($1) ORDER BY policy_id, repositories_id")
                .execute(Tuple.of(policyIds.toArray(Long[]::new))).map(rows -> {
                    Map<Long, List<Long>> byPolicy = new LinkedHashMap<>();
                    rows.forEach(row -> byPolicy.computeIfAbsent(row.getLong(0), id -> new ArrayList<>()).add(row.getLong(1)));
                    return byPolicy;
                });
    }

    /** Ids of the policies with that title, ascending: for the configuration check at start. */
    public Uni<List<Long>> policyIdsTitled(String title) {
        return ids("SELECT id FROM pass_policy WHERE title = $1 ORDER BY id", title);
    }

    /** Ids of the repositories with that name, ascending: for the configuration check at start. */
    public Uni<List<Long>> repositoryIdsNamed(String name) {
        return ids("SELECT id FROM pass_repository WHERE name = $1 ORDER BY id", name);
    }

    private Uni<List<Long>> ids(String sql, String value) {
        return pool.preparedQuery(sql).execute(Tuple.of(value)).map(rows -> {
            List<Long> ids = new ArrayList<>();
            rows.forEach(row -> ids.add(row.getLong(0)));
            return ids;
        });
    }

    /**
     * The graphs by submission id; {@code submitted} receives each one's submitted time (the rules
     * read its day). A funder without a policy becomes a route only for rules (metadata fields given).
     */
    private static Map<Long, SubmissionGraph> assemble(RowSet<Row> rows, Set<String> metadataFields,
                                                       Map<Long, LocalDateTime> submitted) {
        boolean forRules = metadataFields != null;
        Map<Long, Parts> parts = new LinkedHashMap<>();
        for (Row row : rows) {
            int kind = row.getInteger(KIND);
            if (kind == VERSIONED) {
                continue;
            }
            Parts of = parts.computeIfAbsent(row.getLong(SID), id -> new Parts());
            switch (kind) {
                case SUBMISSION -> {
                    of.found = true;
                    of.submitterId = row.getLong(A);
                    of.institutionalPolicyId = row.getLong(C);
                    of.submitterAffiliations = COMMA_JOINED.convertToEntityAttribute(row.getString(LABEL));
                    of.metadata = forRules ? MetadataFields.read(row.getString(DOC), metadataFields) : MetadataFields.NONE;
                    of.submittedDate = day(row.getLocalDateTime(T));
                    submitted.put(row.getLong(SID), row.getLocalDateTime(T));
                }
                case PREPARER -> of.preparers.add(row.getLong(A));
                case GRANT -> {
                    long grant = row.getLong(A);
                    LocalDate end = day(row.getLocalDateTime(T));
                    LocalDate awarded = day(row.getLocalDateTime(AWARDED));
                    LocalDate started = day(row.getLocalDateTime(STARTED));
                    of.route(grant, row.getLong(B), "primary", row.getLong(C), end, awarded, started, forRules);
                    of.route(grant, row.getLong(D), "direct", row.getLong(E), end, awarded, started, forRules);
                }
                case EFFECTIVE_REPOSITORY -> of.repositories.add(new SubmissionGraph.EffectiveRepository(
                        row.getLong(A), row.getLong(B), Boolean.TRUE.equals(row.getBoolean(FLAG))));
                default -> throw new IllegalStateException("unexpected row kind " + kind);
            }
        }
        Map<Long, SubmissionGraph> graphs = new LinkedHashMap<>();
        for (Map.Entry<Long, Parts> entry : parts.entrySet()) {
            Parts of = entry.getValue();
            if (of.found) {
                graphs.put(entry.getKey(), new SubmissionGraph(entry.getKey(), of.submitterId, of.submitterAffiliations,
                        of.preparers, of.routes, of.institutionalPolicyId, of.repositories, of.submittedDate, of.metadata));
            }
        }
        return graphs;
    }

    /** The longest metadata text among the rows, in characters. */
    private static int longestText(RowSet<Row> rows) {
        int longest = 0;
        for (Row row : rows) {
            String text = row.getInteger(KIND) == SUBMISSION ? row.getString(DOC) : null;
            longest = text == null ? longest : Math.max(longest, text.length());
        }
        return longest;
    }

    private static LocalDate day(LocalDateTime time) {
        return time == null ? null : time.toLocalDate();
    }

    /** One submission's rows, gathered. */
    private static final class Parts {
        boolean found;
        Long submitterId;
        List<String> submitterAffiliations = List.of();
        MetadataFields metadata = MetadataFields.NONE;
        LocalDate submittedDate;
        final Set<Long> preparers = new HashSet<>();
        final List<SubmissionGraph.FunderRoute> routes = new ArrayList<>();
        final List<SubmissionGraph.EffectiveRepository> repositories = new ArrayList<>();
        Long institutionalPolicyId;

        void route(long grant, Long funder, String role, Long policy, LocalDate end, LocalDate awarded, LocalDate started,
                   boolean forRules) {
            if (funder != null && (policy != null || forRules)) {
                routes.add(new SubmissionGraph.FunderRoute(grant, funder, role, policy, end, awarded, started));
            }
        }
    }
}
