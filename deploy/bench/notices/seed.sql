-- pass-core-shaped data for the change-notice benchmark: 2,000 users, 200 funders, 20,000 grants,
-- 50,000 submissions with two grants and a preparer each (ids as pass-core's sequence gives them)
INSERT INTO pass_user (id, username) SELECT u, 'user' || u || '@example.edu' FROM generate_series(1, 2000) u;
INSERT INTO pass_funder (id, name) SELECT f, 'Funder ' || f FROM generate_series(1, 200) f;
INSERT INTO pass_grant (id, awardnumber, awardstatus, primaryfunder_id, directfunder_id, pi_id)
SELECT g, 'AWD-' || g, 'active', 1 + g % 200, 1 + g % 200, 1 + g % 2000 FROM generate_series(1, 20000) g;
INSERT INTO pass_submission (id, submissionstatus, submitted, source, submitter_id, version, metadata)
SELECT s, 'draft', false, 'pass', 1 + s % 2000, 0, '{"title": "Submission ' || s || '"}' FROM generate_series(1, 50000) s;
INSERT INTO pass_submission_grants (submission_id, grants_id)
SELECT s, 1 + (s * 7 + k) % 20000 FROM generate_series(1, 50000) s, generate_series(0, 1) k;
INSERT INTO pass_submission_preparers (submission_id, preparers_id) SELECT s, 1 + (s * 13) % 2000 FROM generate_series(1, 50000) s;
CREATE INDEX IF NOT EXISTS pass_submission_grants_submission_idx ON pass_submission_grants (submission_id);
ANALYZE;
