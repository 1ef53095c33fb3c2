-- The Policyholders tab's search by any part of a holder's name or a reference (§7
-- policy/search), indexed as the dashboard's is (migration 0005): a trigram index over each
-- policy's search text, kept by triggers, so finding "smi" among an adviser's policies reads
-- the matches rather than every policy. Words shorter than three letters still use LIKE.
--
-- An external-content FTS5 table is keyed by an integer rowid of its content table, and
-- `policies` (0004) is keyed by text (policy_holder_id), so its rowid is the implicit one.
-- SQLite does not promise to keep an implicit rowid: VACUUM may renumber the rows of a table
-- without an INTEGER PRIMARY KEY, and a `.dump` restored does (it writes the rows without their
-- rowids but the index's own tables with theirs), which would leave the index pointing at the
-- wrong policies without any error. So the table is rebuilt with `id INTEGER PRIMARY KEY`, an
-- alias of the rowid that is kept like any other column, taking each row's present rowid;
-- policy_holder_id stays unique (the key the store writes by: ON CONFLICT (policy_holder_id))
-- and not null. Nothing refers to `policies`; the store never writes `id` (SQLite assigns it)
-- and reads it only to join the index. PostgreSQL needs none of this (its index is on the
-- column itself).
CREATE TABLE policies_rebuilt (
    id INTEGER PRIMARY KEY,
    policy_holder_id TEXT NOT NULL UNIQUE,
    policy_reference TEXT NOT NULL UNIQUE,
    application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    adviser_id TEXT NOT NULL,
    holder_name TEXT NOT NULL,
    search_text TEXT NOT NULL,
    status TEXT NOT NULL,
    starts_on TEXT NOT NULL,
    monthly_premium_pence INTEGER NOT NULL,
    issued_at TEXT NOT NULL
);
INSERT INTO policies_rebuilt (id, policy_holder_id, policy_reference, application_id, adviser_id,
    holder_name, search_text, status, starts_on, monthly_premium_pence, issued_at)
SELECT rowid, policy_holder_id, policy_reference, application_id, adviser_id, holder_name,
    search_text, status, starts_on, monthly_premium_pence, issued_at
FROM policies;
DROP TABLE policies;
ALTER TABLE policies_rebuilt RENAME TO policies;
CREATE INDEX policies_by_adviser ON policies (adviser_id, issued_at DESC);
CREATE INDEX policies_by_application ON policies (application_id);

CREATE VIRTUAL TABLE policies_search USING fts5 (
    search_text,
    content = 'policies',
    content_rowid = 'id',
    tokenize = 'trigram'
);

CREATE TRIGGER policies_search_insert AFTER INSERT ON policies BEGIN
    INSERT INTO policies_search (rowid, search_text) VALUES (new.id, new.search_text);
END;

CREATE TRIGGER policies_search_delete AFTER DELETE ON policies BEGIN
    INSERT INTO policies_search (policies_search, rowid, search_text)
    VALUES ('delete', old.id, old.search_text);
END;

-- Only when the text changed: a policy is saved again with each change to its application.
CREATE TRIGGER policies_search_update AFTER UPDATE OF search_text ON policies
WHEN old.search_text IS NOT new.search_text BEGIN
    INSERT INTO policies_search (policies_search, rowid, search_text)
    VALUES ('delete', old.id, old.search_text);
    INSERT INTO policies_search (rowid, search_text) VALUES (new.id, new.search_text);
END;

INSERT INTO policies_search (policies_search) VALUES ('rebuild');

-- The dashboard's index (0005) likewise follows a case's search text only when it changed:
-- every command saves the case, and most change neither a name nor a reference.
DROP TRIGGER applications_search_update;
CREATE TRIGGER applications_search_update AFTER UPDATE OF search_text ON applications
WHEN old.search_text IS NOT new.search_text BEGIN
    INSERT INTO applications_search (applications_search, rowid, search_text)
    VALUES ('delete', old.id, old.search_text);
    INSERT INTO applications_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
