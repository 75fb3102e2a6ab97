-- pass-core saving a grant: one row of a table many submissions share
\set id random(1, 20000)
UPDATE pass_grant SET awardstatus = 'active', projectname = 'Project ' || :id WHERE id = :id;
