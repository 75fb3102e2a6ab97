-- The PASS tables as pass-core 2.5.1's own Liquibase changelog creates them: the same widths and
-- types, and the columns the services do not map, so that a database created by these migrations
-- and one created by pass-core are the same to the services and to pass-core. V1 stays as released
-- (Flyway validates its checksum on every database it migrated); a fresh database gets V1 and this.

-- Values longer than pass-core's widths: a journal name is cut as the DOI service cuts a registry
-- title (at the last whitespace within 255 characters, else at 255); anything else stops the
-- migration with the column named, rather than losing PASS data.
UPDATE pass_journal
   SET journalname = rtrim(CASE WHEN substr(journalname, 256, 1) ~ '\s' THEN left(journalname, 255)
                                ELSE coalesce(substring(left(journalname, 255) from '^(.*\S)\s'), left(journalname, 255)) END)
 WHERE length(journalname) > 255;

DO $$
DECLARE
    v_column text;
    v_longer boolean;
BEGIN
    FOREACH v_column IN ARRAY ARRAY['pass_user.affiliation', 'pass_repository.description', 'pass_repository.schemas',
                                    'pass_grant.projectname'] LOOP
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE length(%I) > 255)', split_part(v_column, '.', 1),
                       split_part(v_column, '.', 2)) INTO v_longer;
        IF v_longer THEN
            RAISE EXCEPTION '% holds values longer than 255 characters, pass-core''s width; shorten them, then start again', v_column;
        END IF;
    END LOOP;
END
$$;

ALTER TABLE pass_user
    ALTER COLUMN affiliation TYPE varchar(255),
    ADD COLUMN IF NOT EXISTS middlename varchar(255),
    ADD COLUMN IF NOT EXISTS orcidid varchar(255);

ALTER TABLE pass_repository
    ALTER COLUMN description TYPE varchar(255),
    ALTER COLUMN schemas TYPE varchar(255),
    ADD COLUMN IF NOT EXISTS formschema text,
    ADD COLUMN IF NOT EXISTS url bytea;

ALTER TABLE pass_policy
    ADD COLUMN IF NOT EXISTS institution bytea,
    ADD COLUMN IF NOT EXISTS policyurl bytea;

ALTER TABLE pass_funder
    ADD COLUMN IF NOT EXISTS url bytea;

ALTER TABLE pass_grant
    ALTER COLUMN projectname TYPE varchar(255),
    ADD COLUMN IF NOT EXISTS awarddate timestamp,
    ADD COLUMN IF NOT EXISTS startdate timestamp,
    ADD COLUMN IF NOT EXISTS enddate timestamp;

ALTER TABLE pass_journal
    ALTER COLUMN journalname TYPE varchar(255);

CREATE TABLE IF NOT EXISTS pass_publication (
    id                  bigint PRIMARY KEY,
    doi                 varchar(255),
    issue               varchar(255),
    pmid                varchar(255),
    publicationabstract text,
    title               text,
    volume              varchar(255),
    journal_id          bigint REFERENCES pass_journal (id)
);

ALTER TABLE pass_submission
    ALTER COLUMN version TYPE bigint,
    ADD COLUMN IF NOT EXISTS aggregateddepositstatus varchar(255),
    ADD COLUMN IF NOT EXISTS submitteddate timestamp,
    ADD COLUMN IF NOT EXISTS submitteremail bytea,
    ADD COLUMN IF NOT EXISTS submittername varchar(255),
    ADD COLUMN IF NOT EXISTS publication_id bigint REFERENCES pass_publication (id);
