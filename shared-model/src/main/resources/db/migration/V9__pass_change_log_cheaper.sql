-- The change log of V7 at less CPU per pass-core write, for the same rows (deploy/bench/notices,
-- "pass-core writes with the change triggers"). Where V7's trigger functions spent it, measured
-- with bodies cut down one part at a time (cpu-per-transaction.sql): not the trigger machinery nor
-- the transition tables (an empty body costs a submission save a few µs), but what these cut:
--   - SECURITY DEFINER with SET search_path: every call saved, set and restored search_path (a GUC
--     nest level, the path parsed and the namespace lookup recomputed twice);
--   - the DISTINCT and UNION over the transition tables: a hash table built for each statement;
--   - a submission's statements called a second PL/pgSQL function, through a query of its own;
-- and the work they keep: the dedupe's setting, the row's insert, PL/pgSQL's expressions prepared
-- again in each transaction.
-- These functions run as their owner without a SET clause, so that the caller's search_path is in
-- force, and they are safe under any search_path because they name nothing through it: every
-- table, function, operator and type that is not a keyword (bigint) is schema-qualified
-- (public.*, pg_catalog.*, OPERATOR(pg_catalog.=)); COALESCE, ARRAY and ALL are syntax, and
-- PostgreSQL never looks for a function or operator in pg_temp. The only unqualified names are the
-- statement's transition tables (new_rows, old_rows), which PostgreSQL resolves before any schema,
-- and their columns; a column's default (the row's seq and xid) was resolved when V7 created the
-- table. pass-core's role still needs no right on the log.
--
-- One function logs every statement on a submission's four own tables (the column naming the
-- submission is id in pass_submission, submission_id in the others), instead of two that both
-- called pass_submissions_logged(bigint[]), which is dropped. The triggers keep their names, so
-- that pods of V7's release keep counting them, and the rows are V7's, save that a statement of
-- more than 100 rows (of links, even of one submission) is logged as changing every submission.

-- called once in 65,536 rows: its own search_path costs nothing that matters
CREATE OR REPLACE FUNCTION policy_change_log_bounded() RETURNS void LANGUAGE sql
    SET search_path = pg_catalog, pg_temp AS $$
    DELETE FROM public.policy_change_log WHERE xid < greatest(pg_current_xact_id()::text::bigint - 1000000, 0)::text::xid8
$$;

CREATE OR REPLACE FUNCTION pass_shared_rows_logged() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    v_seq bigint;
BEGIN
    INSERT INTO public.policy_change_log (submissions) VALUES (NULL) RETURNING seq INTO v_seq;
    IF v_seq OPERATOR(pg_catalog.%) 65536 OPERATOR(pg_catalog.=) 0 THEN
        PERFORM public.policy_change_log_bounded();
    END IF;
    RETURN NULL;
END $$;

-- One statement's row of some submissions, up to 100 ids (NULL: more); not again when the
-- transaction's row before said the same, as in V7 (the setting holds the transaction's id, so that
-- no value set before it counts). The ids are read with plain scans of the transition tables, at
-- most 101 rows of each (DISTINCT and UNION cost each statement a hash table): a statement of more
-- rows is logged as changing every submission, one whose rows all name the same submission (pass-core
-- saves one at a time) is that one, and only other statements are made distinct.
CREATE FUNCTION pass_submission_changes_logged() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    v_ids bigint[];
    v_rows integer := 101;
    v_said pg_catalog.text;
    v_seq bigint;
BEGIN
    IF TG_TABLE_NAME OPERATOR(pg_catalog.=) 'pass_submission' THEN
        IF TG_OP OPERATOR(pg_catalog.=) 'INSERT' THEN
            v_ids := ARRAY(SELECT id FROM new_rows LIMIT 101);
        ELSIF TG_OP OPERATOR(pg_catalog.=) 'DELETE' THEN
            v_ids := ARRAY(SELECT id FROM old_rows LIMIT 101);
        ELSE
            v_ids := ARRAY(SELECT id FROM new_rows UNION ALL SELECT id FROM old_rows LIMIT 202);
            v_rows := 202;
        END IF;
    ELSIF TG_OP OPERATOR(pg_catalog.=) 'INSERT' THEN
        v_ids := ARRAY(SELECT submission_id FROM new_rows LIMIT 101);
    ELSIF TG_OP OPERATOR(pg_catalog.=) 'DELETE' THEN
        v_ids := ARRAY(SELECT submission_id FROM old_rows LIMIT 101);
    ELSE
        v_ids := ARRAY(SELECT submission_id FROM new_rows UNION ALL SELECT submission_id FROM old_rows LIMIT 202);
        v_rows := 202;
    END IF;
    IF pg_catalog.cardinality(v_ids) OPERATOR(pg_catalog.=) 0 THEN
        RETURN NULL;
    ELSIF pg_catalog.cardinality(v_ids) OPERATOR(pg_catalog.>=) v_rows THEN
        v_ids := NULL;
    ELSIF v_ids[1] OPERATOR(pg_catalog.=) ALL (v_ids) THEN
        v_ids := ARRAY[v_ids[1]];
    ELSE
        v_ids := ARRAY(SELECT DISTINCT u FROM pg_catalog.unnest(v_ids) u LIMIT 101);
        IF pg_catalog.cardinality(v_ids) OPERATOR(pg_catalog.>) 100 THEN
            v_ids := NULL;
        END IF;
    END IF;
    v_said := pg_catalog.pg_current_xact_id()::pg_catalog.text OPERATOR(pg_catalog.||) ':'
              OPERATOR(pg_catalog.||) coalesce(pg_catalog.array_to_string(v_ids, ','), 'all');
    IF pg_catalog.current_setting('submission_services.logged', true) OPERATOR(pg_catalog.=) v_said THEN
        RETURN NULL;
    END IF;
    PERFORM pg_catalog.set_config('submission_services.logged', v_said, true);
    INSERT INTO public.policy_change_log (submissions) VALUES (v_ids) RETURNING seq INTO v_seq;
    IF v_seq OPERATOR(pg_catalog.%) 65536 OPERATOR(pg_catalog.=) 0 THEN
        PERFORM public.policy_change_log_bounded();
    END IF;
    RETURN NULL;
END $$;

DO $$
DECLARE
    v_table text;
BEGIN
    FOREACH v_table IN ARRAY ARRAY['pass_submission', 'pass_submission_grants', 'pass_submission_preparers',
                                   'pass_submission_effectivepolicies'] LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS submission_services_insert_log ON %I', v_table);
        EXECUTE format('DROP TRIGGER IF EXISTS submission_services_update_log ON %I', v_table);
        EXECUTE format('DROP TRIGGER IF EXISTS submission_services_delete_log ON %I', v_table);
        EXECUTE format('CREATE TRIGGER submission_services_insert_log AFTER INSERT ON %I'
                       ' REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pass_submission_changes_logged()',
                       v_table);
        EXECUTE format('CREATE TRIGGER submission_services_update_log AFTER UPDATE ON %I'
                       ' REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT'
                       ' EXECUTE FUNCTION pass_submission_changes_logged()', v_table);
        EXECUTE format('CREATE TRIGGER submission_services_delete_log AFTER DELETE ON %I'
                       ' REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pass_submission_changes_logged()',
                       v_table);
    END LOOP;
END $$;

DROP FUNCTION pass_submission_rows_logged();
DROP FUNCTION pass_submission_links_logged();
DROP FUNCTION pass_submissions_logged(bigint[]);
