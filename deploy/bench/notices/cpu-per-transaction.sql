-- The backend CPU of one writer per transaction (its /proc stat, so the server must run on this
-- machine), which, unlike throughput, hardly depends on what else the machine runs: pass-core-shaped
-- transactions committed one by one in a procedure, without waiting for the disk. psql variables:
-- n (transactions of each kind); run.sh prints the three CPU tick counts it appends to :out.
SET synchronous_commit = off;
CREATE OR REPLACE PROCEDURE bench_grant_updates(n int) LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 1..n LOOP
        UPDATE pass_grant SET awardstatus = 'active', projectname = 'Project ' || i WHERE id = 1 + i % 20000;
        COMMIT;
    END LOOP;
END $$;
CREATE OR REPLACE PROCEDURE bench_submission_saves(n int) LANGUAGE plpgsql AS $$
DECLARE
    s bigint;
BEGIN
    FOR i IN 1..n LOOP
        s := 1 + (i * 7919) % 50000;
        UPDATE pass_submission SET submissionstatus = 'draft', version = version + 1 WHERE id = s;
        DELETE FROM pass_submission_grants WHERE submission_id = s;
        INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (s, 1 + (s * 7) % 20000), (s, 1 + (s * 7 + 1) % 20000);
        COMMIT;
    END LOOP;
END $$;
-- warm: plans and the trigger functions compiled
CALL bench_grant_updates(200);
CALL bench_submission_saves(200);
SELECT pg_backend_pid() AS pid \gset
\setenv BENCH_BACKEND :pid
\setenv BENCH_OUT :out
\! awk '{ print $14 + $15 }' /proc/$BENCH_BACKEND/stat >> $BENCH_OUT
CALL bench_grant_updates(:n);
\! awk '{ print $14 + $15 }' /proc/$BENCH_BACKEND/stat >> $BENCH_OUT
CALL bench_submission_saves(:n);
\! awk '{ print $14 + $15 }' /proc/$BENCH_BACKEND/stat >> $BENCH_OUT
