-- A policy pod's read of PASS's change log (PassChangeLog), also run by deploy/bench/notices/run.sh:
-- the change log's triggers in place, this snapshot's xmin (where the next read starts), and the
-- rows of every transaction at or after $1 (the xmin of the read before), at most $2 of them
SELECT (SELECT count(*) FROM pg_trigger WHERE tgenabled <> 'D'
          AND tgname IN ('submission_services_log', 'submission_services_insert_log', 'submission_services_update_log',
                         'submission_services_delete_log', 'submission_services_truncate_log')
          AND tgrelid IN (SELECT to_regclass(t) FROM unnest(ARRAY['pass_submission', 'pass_submission_grants',
              'pass_submission_preparers', 'pass_submission_effectivepolicies', 'pass_user', 'pass_grant',
              'pass_funder', 'pass_policy', 'pass_policy_repositories', 'pass_repository']) t)) AS triggers,
       pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, l.seq, l.xid::text AS xid, l.submissions
  FROM (SELECT 1) one
  LEFT JOIN (SELECT * FROM policy_change_log WHERE xid >= $1::text::xid8 LIMIT $2) l ON true
