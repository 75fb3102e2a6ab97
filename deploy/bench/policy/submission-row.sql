-- pgbench: the database ceiling, a plain lookup of one submission row by primary key
\set id random(100001, 110000)
SELECT id, submitter_id, submissionstatus FROM pass_submission WHERE id = :id;
