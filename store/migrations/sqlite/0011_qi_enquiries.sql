-- Underwriting Qi (issue 33): each quick indication as its workflow last wrote it, with the
-- rulebook version of the interview it follows (kept in interviews), listed per adviser, most
-- recent first, while it is valid.
CREATE TABLE qi_enquiries (
    id TEXT PRIMARY KEY,
    adviser_id TEXT NOT NULL,
    firm_id TEXT,
    client_name TEXT NOT NULL,
    version INTEGER NOT NULL,
    expired INTEGER NOT NULL,
    rulebook_version TEXT NOT NULL,
    document TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX qi_enquiries_by_adviser ON qi_enquiries (adviser_id, created_at);
