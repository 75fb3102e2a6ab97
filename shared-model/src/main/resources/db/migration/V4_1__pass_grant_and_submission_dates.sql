-- The dates PASS keeps on grants and submissions, with pass-core's own names and types, that the
-- policy rules read (policy-service/README.md, "Rules"). IF NOT EXISTS: a database PASS created
-- already has them, and another migration of this project may bring them as well.
ALTER TABLE pass_grant ADD COLUMN IF NOT EXISTS awarddate timestamp without time zone;
ALTER TABLE pass_grant ADD COLUMN IF NOT EXISTS startdate timestamp without time zone;
ALTER TABLE pass_grant ADD COLUMN IF NOT EXISTS enddate timestamp without time zone;
ALTER TABLE pass_submission ADD COLUMN IF NOT EXISTS submitteddate timestamp without time zone;
