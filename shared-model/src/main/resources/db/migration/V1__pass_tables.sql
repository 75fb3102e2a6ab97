-- The PASS record layout the services read and write (see platform.md, "Data").
-- Column names are the PASS field names lower-cased; many-to-many fields are join tables
-- named pass_<owner>_<field>. One sequence gives ids to every table.

CREATE SEQUENCE IF NOT EXISTS hibernate_sequence START WITH 1 INCREMENT BY 1;

CREATE TABLE pass_user (
    id          bigint PRIMARY KEY,
    username    varchar(255),
    firstname   varchar(255),
    lastname    varchar(255),
    displayname varchar(255),
    email       varchar(255),
    affiliation text,
    roles       varchar(255)
);
CREATE INDEX pass_user_username_idx ON pass_user (username);

CREATE TABLE pass_user_locators (
    user_id    bigint NOT NULL REFERENCES pass_user (id),
    locatorids varchar(255)
);
CREATE INDEX pass_user_locators_user_idx ON pass_user_locators (user_id);

CREATE TABLE pass_repository (
    id              bigint PRIMARY KEY,
    name            varchar(255),
    description     text,
    repositorykey   varchar(255),
    integrationtype varchar(255),
    agreementtext   text,
    schemas         text
);
CREATE INDEX pass_repository_name_idx ON pass_repository (name);

CREATE TABLE pass_policy (
    id          bigint PRIMARY KEY,
    title       varchar(255),
    description text
);
CREATE INDEX pass_policy_title_idx ON pass_policy (title);

CREATE TABLE pass_policy_repositories (
    policy_id       bigint NOT NULL REFERENCES pass_policy (id),
    repositories_id bigint NOT NULL REFERENCES pass_repository (id)
);
CREATE INDEX pass_policy_repositories_policy_idx ON pass_policy_repositories (policy_id);

CREATE TABLE pass_funder (
    id        bigint PRIMARY KEY,
    name      varchar(255),
    localkey  varchar(255),
    policy_id bigint REFERENCES pass_policy (id)
);

CREATE TABLE pass_grant (
    id               bigint PRIMARY KEY,
    awardnumber      varchar(255),
    localkey         varchar(255),
    projectname      text,
    awardstatus      varchar(255),
    primaryfunder_id bigint REFERENCES pass_funder (id),
    directfunder_id  bigint REFERENCES pass_funder (id),
    pi_id            bigint REFERENCES pass_user (id)
);

CREATE TABLE pass_submission (
    id               bigint PRIMARY KEY,
    metadata         text,
    submitter_id     bigint REFERENCES pass_user (id),
    submitted        boolean,
    submissionstatus varchar(255),
    source           varchar(255),
    version          integer
);

CREATE TABLE pass_submission_grants (
    submission_id bigint NOT NULL REFERENCES pass_submission (id),
    grants_id     bigint NOT NULL REFERENCES pass_grant (id)
);
CREATE INDEX pass_submission_grants_submission_idx ON pass_submission_grants (submission_id);

CREATE TABLE pass_submission_effectivepolicies (
    submission_id        bigint NOT NULL REFERENCES pass_submission (id),
    effectivepolicies_id bigint NOT NULL REFERENCES pass_policy (id)
);
CREATE INDEX pass_submission_effectivepolicies_submission_idx ON pass_submission_effectivepolicies (submission_id);

CREATE TABLE pass_submission_preparers (
    submission_id bigint NOT NULL REFERENCES pass_submission (id),
    preparers_id  bigint NOT NULL REFERENCES pass_user (id)
);
CREATE INDEX pass_submission_preparers_submission_idx ON pass_submission_preparers (submission_id);

CREATE TABLE pass_submission_repositories (
    submission_id   bigint NOT NULL REFERENCES pass_submission (id),
    repositories_id bigint NOT NULL REFERENCES pass_repository (id)
);
CREATE INDEX pass_submission_repositories_submission_idx ON pass_submission_repositories (submission_id);

CREATE TABLE pass_journal (
    id               bigint PRIMARY KEY,
    journalname      varchar(1024),
    nlmta            varchar(255),
    pmcparticipation varchar(255)
);
-- The DOI service matches journal names case-insensitively with whitespace collapsed.
CREATE INDEX pass_journal_name_norm_idx ON pass_journal (lower(regexp_replace(btrim(journalname), '\s+', ' ', 'g')));

CREATE TABLE pass_journal_issns (
    journal_id bigint NOT NULL REFERENCES pass_journal (id),
    issns      varchar(255)
);
CREATE INDEX pass_journal_issns_journal_idx ON pass_journal_issns (journal_id);
-- The DOI service matches an ISSN by its value, whatever its Print:/Online:/ type prefix.
CREATE INDEX pass_journal_issns_value_idx ON pass_journal_issns (split_part(issns, ':', 2));
