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

CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE ON pass_submission
    FOR EACH ROW EXECUTE FUNCTION pass_submission_row_changed('id');
CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE ON pass_submission_grants
    FOR EACH ROW EXECUTE FUNCTION pass_submission_row_changed('submission_id');
CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE ON pass_submission_preparers
    FOR EACH ROW EXECUTE FUNCTION pass_submission_row_changed('submission_id');
CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE ON pass_submission_effectivepolicies
    FOR EACH ROW EXECUTE FUNCTION pass_submission_row_changed('submission_id');
CREATE TRIGGER submission_services_truncate_notice AFTER TRUNCATE ON pass_submission
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
CREATE TRIGGER submission_services_truncate_notice AFTER TRUNCATE ON pass_submission_grants
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
CREATE TRIGGER submission_services_truncate_notice AFTER TRUNCATE ON pass_submission_preparers
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
CREATE TRIGGER submission_services_truncate_notice AFTER TRUNCATE ON pass_submission_effectivepolicies
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();

CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pass_user
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pass_grant
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pass_funder
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pass_policy
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pass_policy_repositories
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
CREATE TRIGGER submission_services_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pass_repository
    FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_changed();
