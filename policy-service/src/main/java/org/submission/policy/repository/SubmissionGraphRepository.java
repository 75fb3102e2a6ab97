package org.submission.policy.repository;

import io.smallrye.mutiny.Uni;
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

    // The LATERAL (... OFFSET 0) subqueries pin the plan to primary-key lookups per row of the
    // submission's join tables, whatever the statistics say: right after a bulk load, before
    // ANALYZE, the planner otherwise hash-joins whole tables (8 ms instead of 0.1 ms per request).
    // A grant is one row with both its funders and their policies, and the institutional policy a
    // column of the submission's row: fewer plan nodes and rows than a row per funder. The small
    // configuration tables (a policy's repositories, the repositories) are joined plainly, so that
    // the planner reads each once instead of once per row.
    // %1$s is which submissions: one ($1) or a list ($1 as an array, for the dry run). $3 says
    // policy rules are in use: then the metadata, the dates and the funders without a policy
    // (a rule may give them one) come too.
    private static final String POLICIES_SQL = """
            SELECT 0 AS kind, s.id AS sid, s.submitter_id AS a, NULL::bigint AS b,
                   (SELECT min(pol.id) FROM pass_policy pol WHERE pol.title = $2) AS c,
                   NULL::bigint AS d, NULL::bigint AS e, u.affiliation AS label, NULL::boolean AS flag,
                   CASE WHEN $3 THEN s.metadata END AS doc, s.submitteddate AS t
              FROM pass_submission s LEFT JOIN pass_user u ON u.id = s.submitter_id
             WHERE s.id %1$s
            UNION ALL
            SELECT 1, p.submission_id, p.preparers_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
              FROM pass_submission_preparers p
             WHERE p.submission_id %1$s
            UNION ALL
            SELECT 2, sg.submission_id, sg.grants_id, g.primaryfunder_id, pf.policy_id, g.directfunder_id, df.policy_id,
                   NULL, NULL, NULL, g.enddate
              FROM pass_submission_grants sg
              CROSS JOIN LATERAL (SELECT g.primaryfunder_id, g.directfunder_id, g.enddate
                                    FROM pass_grant g WHERE g.id = sg.grants_id OFFSET 0) g
              LEFT JOIN LATERAL (SELECT f.policy_id FROM pass_funder f
                                  WHERE f.id = g.primaryfunder_id OFFSET 0) pf ON true
              LEFT JOIN LATERAL (SELECT f.policy_id FROM pass_funder f
                                  WHERE f.id = g.directfunder_id OFFSET 0) df ON true
             WHERE sg.submission_id %1$s AND (pf.policy_id IS NOT NULL OR df.policy_id IS NOT NULL OR $3)
            """;

    private static final String REPOSITORIES_SQL = POLICIES_SQL + """
            UNION ALL
            SELECT 4, e.submission_id, e.effectivepolicies_id, pr.repositories_id, NULL, NULL, NULL, NULL,
                   r.name = $4, NULL, NULL
              FROM pass_submission_effectivepolicies e
              LEFT JOIN pass_policy_repositories pr ON pr.policy_id = e.effectivepolicies_id
              LEFT JOIN pass_repository r ON r.id = pr.repositories_id
             WHERE e.submission_id %1$s
            """;

    private static final String ONE = "= $1";
    private static final String ONE_POLICIES = POLICIES_SQL.formatted(ONE);
    private static final String ONE_REPOSITORIES = REPOSITORIES_SQL.formatted(ONE);
    // the submissions to replay are chosen inside the statement, so a replay is one statement
    private static final String RECENT = "IN (SELECT id FROM recent)";
    private static final String RECENT_SQL = """
            WITH recent AS (SELECT id FROM pass_submission WHERE submitteddate >= $1
                             ORDER BY submitteddate DESC, id DESC LIMIT $5)
            """ + REPOSITORIES_SQL.formatted(RECENT);

    private static final CommaJoinedList COMMA_JOINED = new CommaJoinedList();

    private final Pool pool;

    public SubmissionGraphRepository(Pool pool) {
        this.pool = pool;
    }

    /**
     * The graph of one submission, or a null item when there is no such submission.
     *
     * @param institutionalTitle title of the institutional policy; null when there is none
     * @param institutionalRepositoryName name of the institutional repository; null when there is none
     * @param withRepositories whether the effective policies' repositories are needed
     */
    public Uni<SubmissionGraph> load(long submissionId, String institutionalTitle,
                                     String institutionalRepositoryName, boolean withRepositories) {
        return load(submissionId, institutionalTitle, institutionalRepositoryName, withRepositories, false);
    }

    /** As {@link #load(long, String, String, boolean)}, with what policy rules read when {@code forRules}. */
    public Uni<SubmissionGraph> load(long submissionId, String institutionalTitle, String institutionalRepositoryName,
                                     boolean withRepositories, boolean forRules) {
        Tuple parameters = Tuple.tuple().addLong(submissionId).addString(institutionalTitle).addBoolean(forRules);
        if (withRepositories) {
            parameters.addString(institutionalRepositoryName);
        }
        return pool.preparedQuery(withRepositories ? ONE_REPOSITORIES : ONE_POLICIES)
                .execute(parameters)
                .map(rows -> assemble(rows, forRules, new HashMap<>()).get(submissionId));
    }

    /**
     * The graphs, with repositories and what rules read, of the submissions submitted since the
     * time, newest first, at most {@code limit}: one statement whatever their number.
     */
    public Uni<List<SubmissionGraph>> recent(LocalDateTime since, int limit, String institutionalTitle,
                                             String institutionalRepositoryName) {
        Tuple parameters = Tuple.tuple().addLocalDateTime(since).addString(institutionalTitle).addBoolean(true)
                .addString(institutionalRepositoryName).addInteger(limit);
        return pool.preparedQuery(RECENT_SQL).execute(parameters).map(rows -> {
            Map<Long, LocalDateTime> submitted = new HashMap<>();
            List<SubmissionGraph> graphs = new ArrayList<>(assemble(rows, true, submitted).values());
            graphs.sort(Comparator.comparing((SubmissionGraph graph) -> submitted.get(graph.id()), Comparator.reverseOrder())
                    .thenComparing(Comparator.comparingLong(SubmissionGraph::id).reversed()));
            return graphs;
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
     * read its day). A funder without a policy becomes a route only {@code forRules}.
     */
    private static Map<Long, SubmissionGraph> assemble(RowSet<Row> rows, boolean forRules, Map<Long, LocalDateTime> submitted) {
        Map<Long, Parts> parts = new LinkedHashMap<>();
        for (Row row : rows) {
            Parts of = parts.computeIfAbsent(row.getLong(SID), id -> new Parts());
            int kind = row.getInteger(KIND);
            switch (kind) {
                case SUBMISSION -> {
                    of.found = true;
                    of.submitterId = row.getLong(A);
                    of.institutionalPolicyId = row.getLong(C);
                    of.submitterAffiliations = COMMA_JOINED.convertToEntityAttribute(row.getString(LABEL));
                    of.metadata = row.getString(DOC);
                    of.submittedDate = day(row.getLocalDateTime(T));
                    submitted.put(row.getLong(SID), row.getLocalDateTime(T));
                }
                case PREPARER -> of.preparers.add(row.getLong(A));
                case GRANT -> {
                    long grant = row.getLong(A);
                    LocalDate end = day(row.getLocalDateTime(T));
                    of.route(grant, row.getLong(B), "primary", row.getLong(C), end, forRules);
                    of.route(grant, row.getLong(D), "direct", row.getLong(E), end, forRules);
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
                        of.preparers, of.routes, of.institutionalPolicyId, of.repositories, of.metadata, of.submittedDate));
            }
        }
        return graphs;
    }

    private static LocalDate day(LocalDateTime time) {
        return time == null ? null : time.toLocalDate();
    }

    /** One submission's rows, gathered. */
    private static final class Parts {
        boolean found;
        Long submitterId;
        List<String> submitterAffiliations = List.of();
        String metadata;
        LocalDate submittedDate;
        final Set<Long> preparers = new HashSet<>();
        final List<SubmissionGraph.FunderRoute> routes = new ArrayList<>();
        final List<SubmissionGraph.EffectiveRepository> repositories = new ArrayList<>();
        Long institutionalPolicyId;

        void route(long grant, Long funder, String role, Long policy, LocalDate end, boolean forRules) {
            if (funder != null && (policy != null || forRules)) {
                routes.add(new SubmissionGraph.FunderRoute(grant, funder, role, policy, end));
            }
        }
    }
}
