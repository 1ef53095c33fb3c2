-- Documents the portal produced for an application (the quote PDF, key facts, terms), kept
-- exactly as first sent: one per kind and application version.
CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    application_id BIGINT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    application_version BIGINT NOT NULL,
    file_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    content BYTEA NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (application_id, kind, application_version)
);
