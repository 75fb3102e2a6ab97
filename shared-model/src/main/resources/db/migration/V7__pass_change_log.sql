-- PASS's changes written to a log the policy pods read, instead of V6's notices. A NOTIFY costs every
-- transaction that sends one a lock held through its commit's WAL flush, so V6's notices serialised
-- all of pass-core's concurrent writes (deploy/bench/notices: 8 writers kept 12-39 % of their
-- throughput); its row triggers also copied each changed row twice. These triggers, one per
-- statement, add one row to an unlogged table (one per transaction when its statements change the
-- same submissions): no lock beyond the row, no WAL.
--
-- A row is the statement's transaction (xid) and the submissions it changed: up to 100 ids read
-- from the statement's transition tables, NULL for 'every submission' (more ids, a TRUNCATE, or a
-- change to rows that many submissions share: people, grants, funders, policies, repositories).
-- The policy pods read the rows of every transaction at or after the oldest one still running at
-- their last read (pg_snapshot_xmin), so a transaction that commits late is never skipped, and
-- delete rows older than any pod still reads. The trigger functions run as their owner (SECURITY
-- DEFINER), so that pass-core's own role needs no right on the log.
--
-- V6's triggers and functions are dropped; the new triggers have new names, so that a pod of the
-- version before, counting V6's triggers, finds them gone and keeps nothing during a rolling deploy.

CREATE UNLOGGED TABLE policy_change_log (
    seq         bigserial NOT NULL,
    xid         xid8 NOT NULL DEFAULT pg_current_xact_id(),
    submissions bigint[]
);
CREATE INDEX policy_change_log_xid_idx ON policy_change_log (xid);

-- Without a policy pod pruning the log, every 65,536th row deletes the rows of the transactions a
-- million or more before, so that it never holds more (some 100 MB).
CREATE FUNCTION policy_change_log_bounded() RETURNS void LANGUAGE sql AS $$
    DELETE FROM public.policy_change_log WHERE xid < greatest(pg_current_xact_id()::text::bigint - 1000000, 0)::text::xid8
$$;
REVOKE EXECUTE ON FUNCTION policy_change_log_bounded() FROM PUBLIC;

-- one statement's row of some submissions: not again when the transaction's row before said the
-- same (pass-core saves a submission in a few statements), as NOTIFY folded a transaction's equal
-- notices (the setting holds the transaction's id, so that no value set before it counts). Called
-- by the triggers only, as their owner and with their search_path.
CREATE FUNCTION pass_submissions_logged(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    v_ids bigint[] := CASE WHEN cardinality(p_ids) <= 100 THEN p_ids END;
    v_said text := pg_current_xact_id() || ':' || coalesce(array_to_string(v_ids, ','), 'all');
    v_seq bigint;
BEGIN
    IF cardinality(p_ids) = 0 OR current_setting('submission_services.logged', true) = v_said THEN
        RETURN;
    END IF;
    PERFORM set_config('submission_services.logged', v_said, true);
    INSERT INTO public.policy_change_log (submissions) VALUES (v_ids) RETURNING seq INTO v_seq;
    IF v_seq % 65536 = 0 THEN
        PERFORM public.policy_change_log_bounded();
    END IF;
END $$;
REVOKE EXECUTE ON FUNCTION pass_submissions_logged(bigint[]) FROM PUBLIC;

-- rows many submissions share: a row for all, at once (the cheapest path: pass-core saves a grant
-- or a person in one statement)
CREATE FUNCTION pass_shared_rows_logged() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_seq bigint;
BEGIN
    INSERT INTO public.policy_change_log (submissions) VALUES (NULL) RETURNING seq INTO v_seq;
    IF v_seq % 65536 = 0 THEN
        PERFORM public.policy_change_log_bounded();
    END IF;
    RETURN NULL;
END $$;

-- pass_submission: its id column names the submission; 101 distinct ids are enough to know it is all
CREATE FUNCTION pass_submission_rows_logged() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM public.pass_submissions_logged(ARRAY(SELECT DISTINCT id FROM new_rows LIMIT 101));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM public.pass_submissions_logged(ARRAY(SELECT DISTINCT id FROM old_rows LIMIT 101));
    ELSE
        PERFORM public.pass_submissions_logged(ARRAY(SELECT id FROM new_rows UNION SELECT id FROM old_rows LIMIT 101));
    END IF;
    RETURN NULL;
END $$;

-- a submission's join tables: their submission_id column names it
CREATE FUNCTION pass_submission_links_logged() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM public.pass_submissions_logged(ARRAY(SELECT DISTINCT submission_id FROM new_rows LIMIT 101));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM public.pass_submissions_logged(ARRAY(SELECT DISTINCT submission_id FROM old_rows LIMIT 101));
    ELSE
        PERFORM public.pass_submissions_logged(ARRAY(SELECT submission_id FROM new_rows
                                                     UNION SELECT submission_id FROM old_rows LIMIT 101));
    END IF;
    RETURN NULL;
END $$;

DO $$
DECLARE
    v_table text;
    v_function text;
BEGIN
    -- a submission's own rows: a trigger with transition tables fires on one event only
    FOREACH v_table IN ARRAY ARRAY['pass_submission', 'pass_submission_grants', 'pass_submission_preparers',
                                   'pass_submission_effectivepolicies'] LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS submission_services_notice ON %I', v_table);
        EXECUTE format('DROP TRIGGER IF EXISTS submission_services_truncate_notice ON %I', v_table);
        v_function := CASE v_table WHEN 'pass_submission' THEN 'pass_submission_rows_logged'
                                   ELSE 'pass_submission_links_logged' END;
        EXECUTE format('CREATE TRIGGER submission_services_insert_log AFTER INSERT ON %I'
                       ' REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', v_table, v_function);
        EXECUTE format('CREATE TRIGGER submission_services_update_log AFTER UPDATE ON %I'
                       ' REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
                       v_table, v_function);
        EXECUTE format('CREATE TRIGGER submission_services_delete_log AFTER DELETE ON %I'
                       ' REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', v_table, v_function);
        EXECUTE format('CREATE TRIGGER submission_services_truncate_log AFTER TRUNCATE ON %I'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_logged()', v_table);
    END LOOP;
    -- rows many submissions share
    FOREACH v_table IN ARRAY ARRAY['pass_user', 'pass_grant', 'pass_funder', 'pass_policy', 'pass_policy_repositories',
                                   'pass_repository'] LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS submission_services_notice ON %I', v_table);
        EXECUTE format('CREATE TRIGGER submission_services_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_logged()', v_table);
    END LOOP;
END $$;

DROP FUNCTION IF EXISTS pass_submission_row_changed();
DROP FUNCTION IF EXISTS pass_shared_rows_changed();
