-- a policy pod's read of PASS's change log (PassChangeLog's statement, its parameter the snapshot's
-- own xmin): what each pod costs the database every POLICY_ANSWER_CACHE_READ_PERIOD
SELECT (SELECT count(*) FROM pg_trigger WHERE tgenabled <> 'D'
          AND tgname IN ('submission_services_log', 'submission_services_insert_log', 'submission_services_update_log',
                         'submission_services_delete_log', 'submission_services_truncate_log')
          AND tgrelid IN (SELECT to_regclass(t) FROM unnest(ARRAY['pass_submission', 'pass_submission_grants',
              'pass_submission_preparers', 'pass_submission_effectivepolicies', 'pass_user', 'pass_grant',
              'pass_funder', 'pass_policy', 'pass_policy_repositories', 'pass_repository']) t)) AS triggers,
       pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, l.seq, l.xid::text AS xid, l.submissions
  FROM (SELECT 1) one
  LEFT JOIN (SELECT * FROM policy_change_log WHERE xid >= pg_snapshot_xmin(pg_current_snapshot()) LIMIT 10001) l ON true;
