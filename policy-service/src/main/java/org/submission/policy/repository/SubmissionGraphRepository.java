package org.submission.policy.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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
    private static final int FUNDER_ROUTE = 2;
    private static final int INSTITUTIONAL_POLICY = 3;
    private static final int EFFECTIVE_REPOSITORY = 4;

    // The LATERAL (... OFFSET 0) subqueries pin the plan to primary-key lookups per row of the
    // submission's join tables, whatever the statistics say: right after a bulk load, before
    // ANALYZE, the planner otherwise hash-joins whole tables (8 ms instead of 0.1 ms per request).
    private static final String POLICIES_SQL = """
            SELECT 0 AS kind, s.submitter_id AS a, NULL::bigint AS b, NULL::bigint AS c,
                   u.affiliation AS label, NULL::boolean AS flag
              FROM pass_submission s LEFT JOIN pass_user u ON u.id = s.submitter_id
             WHERE s.id = $1
            UNION ALL
            SELECT 1, p.preparers_id, NULL, NULL, NULL, NULL
              FROM pass_submission_preparers p
             WHERE p.submission_id = $1
            UNION ALL
            SELECT 2, sg.grants_id, via.funder_id, f.policy_id, via.role, NULL
              FROM pass_submission_grants sg
              CROSS JOIN LATERAL (SELECT g.primaryfunder_id, g.directfunder_id
                                    FROM pass_grant g WHERE g.id = sg.grants_id OFFSET 0) g
              CROSS JOIN LATERAL (VALUES ('primary', g.primaryfunder_id), ('direct', g.directfunder_id))
                   AS via (role, funder_id)
              CROSS JOIN LATERAL (SELECT f.policy_id
                                    FROM pass_funder f WHERE f.id = via.funder_id OFFSET 0) f
             WHERE sg.submission_id = $1 AND f.policy_id IS NOT NULL
            UNION ALL
            SELECT 3, min(pol.id), NULL, NULL, NULL, NULL
              FROM pass_policy pol
             WHERE pol.title = $2
            """;

    private static final String REPOSITORIES_SQL = POLICIES_SQL + """
            UNION ALL
            SELECT 4, e.effectivepolicies_id, pr.repositories_id, NULL, NULL, r.institutional
              FROM pass_submission_effectivepolicies e
              LEFT JOIN LATERAL (SELECT pr.repositories_id FROM pass_policy_repositories pr
                                  WHERE pr.policy_id = e.effectivepolicies_id OFFSET 0) pr ON true
              LEFT JOIN LATERAL (SELECT r.name = $3 AS institutional FROM pass_repository r
                                  WHERE r.id = pr.repositories_id OFFSET 0) r ON true
             WHERE e.submission_id = $1
            """;

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
        Tuple parameters = Tuple.tuple().addLong(submissionId).addString(institutionalTitle);
        if (withRepositories) {
            parameters.addString(institutionalRepositoryName);
        }
        return pool.preparedQuery(withRepositories ? REPOSITORIES_SQL : POLICIES_SQL)
                .execute(parameters)
                .map(rows -> assemble(submissionId, rows));
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

    private static SubmissionGraph assemble(long submissionId, RowSet<Row> rows) {
        boolean found = false;
        Long submitterId = null;
        List<String> submitterAffiliations = List.of();
        Set<Long> preparers = new HashSet<>();
        List<SubmissionGraph.FunderRoute> routes = new ArrayList<>();
        Long institutionalPolicyId = null;
        List<SubmissionGraph.EffectiveRepository> repositories = new ArrayList<>();
        for (Row row : rows) {
            switch (row.getInteger("kind")) {
                case SUBMISSION -> {
                    found = true;
                    submitterId = row.getLong("a");
                    submitterAffiliations = COMMA_JOINED.convertToEntityAttribute(row.getString("label"));
                }
                case PREPARER -> preparers.add(row.getLong("a"));
                case FUNDER_ROUTE -> routes.add(new SubmissionGraph.FunderRoute(
                        row.getLong("a"), row.getLong("b"), row.getString("label"), row.getLong("c")));
                case INSTITUTIONAL_POLICY -> institutionalPolicyId = row.getLong("a");
                case EFFECTIVE_REPOSITORY -> repositories.add(new SubmissionGraph.EffectiveRepository(
                        row.getLong("a"), row.getLong("b"), Boolean.TRUE.equals(row.getBoolean("flag"))));
                default -> throw new IllegalStateException("unexpected row kind " + row.getInteger("kind"));
            }
        }
        if (!found) {
            return null;
        }
        return new SubmissionGraph(submissionId, submitterId, submitterAffiliations, preparers, routes,
                institutionalPolicyId, repositories);
    }
}
