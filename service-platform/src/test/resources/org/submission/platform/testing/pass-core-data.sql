-- PASS data as pass-core 2.5.1 writes it (its JSON:API over Hibernate): every id from the one
-- hibernate_sequence in the order the records were created, affiliations and roles comma-joined,
-- URIs as bytea, ISSNs typed as Print:, Online: or : (unknown type), dates as timestamps.
-- The project's own data set, written for the tests that run the services on pass-core's schema.
INSERT INTO pass_user (id, username, firstname, middlename, lastname, displayname, email, orcidid, affiliation, roles)
VALUES (nextval('hibernate_sequence'), 'nsubmitter@university.edu', 'Nora', 'K', 'Submitter', 'Nora Submitter',
        'nsubmitter@university.edu', 'https://orcid.org/0000-0002-1825-0097', 'faculty@university.edu,university.edu', 'submitter'),
       (nextval('hibernate_sequence'), 'padmin@university.edu', 'Paul', NULL, 'Admin', 'Paul Admin',
        'padmin@university.edu', NULL, 'staff@university.edu', 'admin,submitter'),
       (nextval('hibernate_sequence'), 'oother@elsewhere.org', 'Olga', NULL, 'Other', 'Olga Other',
        'oother@elsewhere.org', NULL, 'elsewhere.org', 'submitter');
INSERT INTO pass_user_locators (user_id, locatorids)
SELECT id, 'university.edu:employeeid:' || id FROM pass_user;

INSERT INTO pass_repository (id, name, description, repositorykey, integrationtype, agreementtext, schemas, url)
VALUES (nextval('hibernate_sequence'), 'PubMed Central', 'The NIH''s full-text archive', 'pmc', 'one-way', NULL,
        'https://eclipse-pass.github.io/pass-metadata-schemas/schemas/jhu/common.json,https://eclipse-pass.github.io/pass-metadata-schemas/schemas/jhu/nihms.json',
        convert_to('https://www.ncbi.nlm.nih.gov/pmc/', 'UTF8')),
       (nextval('hibernate_sequence'), 'DOE PAGES', NULL, 'doe', 'web-link', NULL,
        'https://eclipse-pass.github.io/pass-metadata-schemas/schemas/jhu/common.json',
        convert_to('https://www.osti.gov/pages/', 'UTF8')),
       (nextval('hibernate_sequence'), 'University Scholarship', 'The institutional repository', 'scholarship', 'full',
        'I grant the university a licence to distribute this work.',
        'https://eclipse-pass.github.io/pass-metadata-schemas/schemas/jhu/common.json,https://eclipse-pass.github.io/pass-metadata-schemas/schemas/jhu/jscholarship.json',
        convert_to('https://scholarship.university.edu/', 'UTF8'));

INSERT INTO pass_policy (id, title, description, institution, policyurl)
VALUES (nextval('hibernate_sequence'), 'National Institutes of Health Public Access Policy', 'Deposit in PMC.', NULL,
        convert_to('https://publicaccess.nih.gov/policy.htm', 'UTF8')),
       (nextval('hibernate_sequence'), 'DOE Public Access Plan', 'Deposit in DOE PAGES.', NULL,
        convert_to('https://www.energy.gov/downloads/doe-public-access-plan', 'UTF8')),
       (nextval('hibernate_sequence'), 'University Open Access Policy', 'Deposit in the institutional repository.',
        convert_to('https://university.edu', 'UTF8'), convert_to('https://university.edu/open-access', 'UTF8'));
INSERT INTO pass_policy_repositories (policy_id, repositories_id)
SELECT p.id, r.id FROM pass_policy p JOIN pass_repository r
    ON (p.title, r.name) IN (('National Institutes of Health Public Access Policy', 'PubMed Central'),
                             ('DOE Public Access Plan', 'DOE PAGES'),
                             ('University Open Access Policy', 'University Scholarship'));

INSERT INTO pass_funder (id, name, localkey, url, policy_id)
SELECT nextval('hibernate_sequence'), f.name, f.localkey, convert_to(f.url, 'UTF8'), p.id
  FROM (VALUES (1, 'National Institutes of Health', 'university.edu:funder:300293', 'https://www.nih.gov',
                'National Institutes of Health Public Access Policy'),
               (2, 'Department of Energy', 'university.edu:funder:300865', 'https://www.energy.gov', 'DOE Public Access Plan'))
       AS f(n, name, localkey, url, policy)
  JOIN pass_policy p ON p.title = f.policy ORDER BY f.n;

INSERT INTO pass_grant (id, awardnumber, localkey, projectname, awardstatus, awarddate, startdate, enddate,
                        primaryfunder_id, directfunder_id, pi_id)
SELECT nextval('hibernate_sequence'), g.award, g.localkey, g.project, 'active', timestamp '2022-01-01 00:00:00',
       timestamp '2022-02-01 00:00:00', timestamp '2026-01-31 00:00:00', pf.id, df.id, pi.id
  FROM (VALUES (1, 'R01EB000001', 'university.edu:grant:128000', 'Imaging submission workflows',
                'National Institutes of Health', 'National Institutes of Health'),
               (2, 'DE-SC0000002', 'university.edu:grant:128001', 'Energy of open access',
                'Department of Energy', 'National Institutes of Health')) AS g(n, award, localkey, project, primaryfunder, directfunder)
  JOIN pass_funder pf ON pf.name = g.primaryfunder
  JOIN pass_funder df ON df.name = g.directfunder
  JOIN pass_user pi ON pi.username = 'nsubmitter@university.edu'
 ORDER BY g.n;
INSERT INTO pass_grant_copis (grant_id, copis_id)
SELECT g.id, u.id FROM pass_grant g, pass_user u WHERE g.awardnumber = 'R01EB000001' AND u.username = 'padmin@university.edu';

INSERT INTO pass_journal (id, journalname, nlmta, pmcparticipation)
VALUES (nextval('hibernate_sequence'), 'Journal of Submission Studies', 'J Subm Stud', 'A');
INSERT INTO pass_journal_issns (journal_id, issns)
SELECT id, issn FROM pass_journal, unnest(array['Print:2049-3630', 'Online:2049-3649']) AS issn;

INSERT INTO pass_publication (id, doi, title, journal_id, volume, issue)
SELECT nextval('hibernate_sequence'), '10.5555/jss.2023.0412', 'Deposits that arrive', id, '12', '3'
  FROM pass_journal WHERE journalname = 'Journal of Submission Studies';

INSERT INTO pass_submission (id, metadata, source, submissionstatus, submitted, submitteddate, submitteremail,
                             submittername, aggregateddepositstatus, publication_id, submitter_id, version)
SELECT nextval('hibernate_sequence'), '{"title": "Deposits that arrive", "journal-title": "Journal of Submission Studies"}',
       'pass', 'draft', false, NULL, NULL, NULL, 'not-started', pub.id, u.id, 0
  FROM pass_publication pub, pass_user u WHERE u.username = 'nsubmitter@university.edu';
INSERT INTO pass_submission_grants (submission_id, grants_id) SELECT s.id, g.id FROM pass_submission s, pass_grant g;
INSERT INTO pass_submission_effectivepolicies (submission_id, effectivepolicies_id)
SELECT s.id, p.id FROM pass_submission s, pass_policy p;
INSERT INTO pass_submission_repositories (submission_id, repositories_id)
SELECT s.id, r.id FROM pass_submission s, pass_repository r;
INSERT INTO pass_submission_preparers (submission_id, preparers_id)
SELECT s.id, u.id FROM pass_submission s, pass_user u WHERE u.username = 'padmin@university.edu';
