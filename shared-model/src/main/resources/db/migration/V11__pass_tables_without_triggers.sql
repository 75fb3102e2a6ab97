-- PASS's tables carry no trigger of the services any more: every trigger of V6 (notices), V7 and V9
-- (the change log) is dropped with its functions and the log itself. The policy pods now tell a kept
-- graph unchanged from the row versions (xmin) its own statement reads, so that pass-core's writes
-- cost exactly what they cost without the services (deploy/bench/notices: the triggers had cost a
-- grant save 42 % and a submission save 59 % more of the database's instructions, and an empty
-- statement trigger alone 8-9 %).
--
-- A pod of the release before finds its log gone, keeps nothing between requests and reads the
-- database for every answer: right, only slower, during a rolling deploy.

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
