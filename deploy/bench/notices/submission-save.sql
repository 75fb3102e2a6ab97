-- pass-core saving a submission: its row (version bumped) and its grants rewritten, in one transaction
\set id random(1, 50000)
BEGIN;
UPDATE pass_submission SET submissionstatus = 'draft', version = version + 1 WHERE id = :id;
DELETE FROM pass_submission_grants WHERE submission_id = :id;
INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (:id, 1 + (:id * 7) % 20000), (:id, 1 + (:id * 7 + 1) % 20000);
COMMIT;
