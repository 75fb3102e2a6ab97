-- What the owner of PASS's database runs so that the services work beside pass-core with
-- SUBMISSION_DB_MIGRATE=false (docs/operator-guide.md, "Connect to an existing PASS database").
-- Run it as the owner of PASS's tables (a role that may also create roles, or create the role
-- first), from this folder of the release being deployed, before rolling the release out:
--
--   psql -v ON_ERROR_STOP=1 -v role=submission_services -v password="$SERVICES_DB_PASSWORD" \
--        -d pass -f deploy/db/owner-setup.sql
--
-- Running it again changes nothing that is already in place; a later release's new migrations are
-- applied by running that release's script. In order:
--   1. the services' login role, unless it exists (its password is then left as it is);
--   2. the least the services need: SELECT on the PASS tables they read, INSERT and UPDATE on
--      pass_journal and INSERT on pass_journal_issns (the DOI service's journals), ids from
--      hibernate_sequence; nothing else, so they can neither alter nor delete PASS data;
--   3. the indexes of the services' look-ups that pass-core lacks;
--   4. the DOI service's coordination tables and functions (unlogged tables no PASS table refers
--      to), from the project's own migration files, each applied only when it is missing;
--   5. PASS's change counter: a trigger per statement on the PASS tables a policy answer reads, which
--      moves one sequence the policy pods read, so that the policy service may keep answers' data
--      between requests and check it only after PASS changed (V11, which also removes V6's notices
--      and V7's change log with V9's functions where an earlier release's script installed them).
--      It changes no PASS row and writes none; without it every kept graph is checked in the
--      database on every request.

\set ON_ERROR_STOP on
\if :{?role}
\else
\set role submission_services
\endif

-- 1. the role
\if :{?password}
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'role', :'password')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
\else
SELECT format('CREATE ROLE %I LOGIN', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
\endif

-- 2. its privileges
SELECT format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), :'role') \gexec
GRANT USAGE ON SCHEMA public TO :"role";
GRANT SELECT ON pass_user, pass_user_locators, pass_repository, pass_policy, pass_policy_repositories, pass_funder,
    pass_grant, pass_submission, pass_submission_grants, pass_submission_effectivepolicies, pass_submission_preparers,
    pass_submission_repositories, pass_journal, pass_journal_issns TO :"role";
GRANT INSERT, UPDATE ON pass_journal TO :"role";
GRANT INSERT ON pass_journal_issns TO :"role";
GRANT USAGE ON SEQUENCE hibernate_sequence TO :"role";

-- 3. the look-ups' indexes: a person by username (every request), policies and repositories by
-- name, a submission's grants and repositories, a journal by ISSN value and by normalised name
CREATE INDEX IF NOT EXISTS pass_user_username_idx ON pass_user (username);
CREATE INDEX IF NOT EXISTS pass_repository_name_idx ON pass_repository (name);
CREATE INDEX IF NOT EXISTS pass_policy_title_idx ON pass_policy (title);
CREATE INDEX IF NOT EXISTS pass_submission_grants_submission_idx ON pass_submission_grants (submission_id);
CREATE INDEX IF NOT EXISTS pass_submission_repositories_submission_idx ON pass_submission_repositories (submission_id);
CREATE INDEX IF NOT EXISTS pass_journal_name_norm_idx
    ON pass_journal (lower(regexp_replace(btrim(journalname), '\s+', ' ', 'g')));
CREATE INDEX IF NOT EXISTS pass_journal_issns_value_idx ON pass_journal_issns (split_part(issns, ':', 2));

-- 4. the DOI coordination, as the migrations V2 to V4, V8 and V10 define it
SELECT to_regclass('public.doi_answer') IS NULL AS missing \gset
\if :missing
\ir ../../shared-model/src/main/resources/db/migration/V2__doi_coordination.sql
\endif
SELECT to_regprocedure('public.doi_take_turn(text, bigint, bigint, bigint, bigint)') IS NULL AS missing \gset
\if :missing
\ir ../../shared-model/src/main/resources/db/migration/V3__doi_attempt_turns.sql
\endif
SELECT NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'public'
                   AND table_name = 'doi_upstream' AND column_name = 'announced_at') AS missing \gset
\if :missing
\ir ../../shared-model/src/main/resources/db/migration/V4__doi_bounded_learning.sql
\endif
SELECT to_regclass('public.doi_call_place') IS NULL AS missing \gset
\if :missing
\ir ../../shared-model/src/main/resources/db/migration/V8__doi_call_places.sql
\endif
SELECT to_regclass('public.doi_place_wait') IS NULL AS missing \gset
\if :missing
\ir ../../shared-model/src/main/resources/db/migration/V10__doi_place_queue.sql
\endif
GRANT SELECT, INSERT, UPDATE, DELETE ON doi_answer, doi_lease, doi_upstream, doi_call_place, doi_place_wait TO :"role";
GRANT EXECUTE ON FUNCTION doi_lookup_begin(text, text, text, bigint, bigint, bigint),
    doi_lookup_begin(text, text, text, bigint, bigint, bigint, integer), doi_take_place(text, text, text, integer, bigint),
    doi_lookup_end(text, text, text, boolean, text, bigint, bigint, bigint),
    doi_take_turn(text, bigint, bigint, bigint, bigint), doi_upstream_learn(text, bigint, bigint),
    doi_purge(bigint), doi_purge(bigint, bigint) TO :"role";

-- 5. PASS's change counter, as the migration V11 defines it; the services read it
SELECT to_regclass('public.pass_change_counter') IS NULL AS missing \gset
\if :missing
\ir ../../shared-model/src/main/resources/db/migration/V11__pass_change_counter.sql
\endif
GRANT SELECT ON pass_change_counter TO :"role";
