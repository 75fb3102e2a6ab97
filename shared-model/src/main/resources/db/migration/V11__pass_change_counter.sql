-- PASS's changes told by a counter instead of V7's log: every statement changing one of the ten
-- PASS tables a policy answer reads moves one sequence, and writes no row. V9's log cost pass-core's
-- writes 42 % (a grant saved) and 59 % (a submission saved) more of the database's instructions,
-- mostly the executor's start and end of the log row's insert (deploy/bench/notices); a sequence
-- moved costs the trigger's call and one buffer's lock. The policy pods read the counter, and
-- check a kept graph's rows' versions (xmin) in the request's own statement whenever it moved
-- since they last did: the counter says when a kept graph must be checked, the rows' versions
-- whether it changed. A sequence is not transactional, so a pod that sees it move waits out the
-- transactions that may have moved it before it trusts a check again.
--
-- The function runs as its owner (SECURITY DEFINER), so that pass-core's role needs no right on
-- the sequence, without a search_path of its own (V9: setting one cost every call), and so names
-- everything schema-qualified.
--
-- V6's, V7's and V9's triggers, functions and log are dropped; a pod of the release before finds
-- its log gone, keeps nothing between requests and reads the database for every answer.

DO $$
DECLARE
    v_trigger record;
BEGIN
    FOR v_trigger IN
        SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
           AND t.tgname IN ('submission_services_notice', 'submission_services_truncate_notice', 'submission_services_log',
                            'submission_services_insert_log', 'submission_services_update_log',
                            'submission_services_delete_log', 'submission_services_truncate_log')
    LOOP
        EXECUTE format('DROP TRIGGER %I ON public.%I', v_trigger.tgname, v_trigger.relname);
    END LOOP;
END $$;

DROP FUNCTION IF EXISTS pass_submission_changes_logged();
DROP FUNCTION IF EXISTS pass_shared_rows_logged();
DROP FUNCTION IF EXISTS pass_submission_rows_logged();
DROP FUNCTION IF EXISTS pass_submission_links_logged();
DROP FUNCTION IF EXISTS pass_submissions_logged(bigint[]);
DROP FUNCTION IF EXISTS pass_submission_row_changed();
DROP FUNCTION IF EXISTS pass_shared_rows_changed();
DROP FUNCTION IF EXISTS policy_change_log_bounded();
DROP TABLE IF EXISTS policy_change_log;

CREATE SEQUENCE pass_change_counter;

-- an assignment, not PERFORM: PL/pgSQL evaluates a simple expression without starting an executor
CREATE FUNCTION pass_changes_counted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    v_counter bigint;
BEGIN
    v_counter := pg_catalog.nextval('public.pass_change_counter'::pg_catalog.regclass);
    RETURN NULL;
END $$;

DO $$
DECLARE
    v_table text;
BEGIN
    FOREACH v_table IN ARRAY ARRAY['pass_submission', 'pass_submission_grants', 'pass_submission_preparers',
                                   'pass_submission_effectivepolicies', 'pass_user', 'pass_grant', 'pass_funder',
                                   'pass_policy', 'pass_policy_repositories', 'pass_repository'] LOOP
        EXECUTE format('CREATE TRIGGER submission_services_counted AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION pass_changes_counted()', v_table);
    END LOOP;
END $$;
