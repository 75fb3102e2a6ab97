-- Notices of changes to what a policy answer reads, so that the policy service can keep recent
-- answers' submission graphs and drop each one as soon as PASS changes it. pass-core knows nothing of
-- them: the triggers fire on its own writes, after each statement or row, and NOTIFY is delivered at
-- commit (and not at all on rollback). PostgreSQL folds a transaction's identical notices into one.
--
-- On channel pass_changed, the payload is 'submission:<id>' when one submission's own rows changed
-- (pass-core rewrites a submission's grants, preparers and effective policies as rows of their join
-- tables), and 'all' for a change to the rows that many submissions share (people, grants, funders,
-- policies, repositories) and for any TRUNCATE. The policy service keeps nothing while these
-- triggers are not all in place (it counts them, by name, every few seconds).

CREATE FUNCTION pass_submission_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- TG_ARGV[0] names the column holding the submission's id: id or submission_id
    IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('pass_changed', 'submission:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('pass_changed', 'submission:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION pass_shared_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('pass_changed', 'all');
    RETURN NULL;
END $$;

DO $$
DECLARE
    v_table text;
BEGIN
    -- a submission's own rows, with the column naming it
    FOREACH v_table IN ARRAY ARRAY['pass_submission', 'pass_submission_grants', 'pass_submission_preparers',
                                   'pass_submission_effectivepolicies'] LOOP
        EXECUTE format('CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE ON %I'
                       ' FOR EACH ROW EXECUTE FUNCTION pass_submission_row_changed(%L)',
                       v_table, CASE v_table WHEN 'pass_submission' THEN 'id' ELSE 'submission_id' END);
        EXECUTE format('CREATE TRIGGER submission_services_truncate_notice AFTER TRUNCATE ON %I'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed()', v_table);
    END LOOP;
    -- rows many submissions share
    FOREACH v_table IN ARRAY ARRAY['pass_user', 'pass_grant', 'pass_funder', 'pass_policy', 'pass_policy_repositories',
                                   'pass_repository'] LOOP
        EXECUTE format('CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed()', v_table);
    END LOOP;
END $$;
