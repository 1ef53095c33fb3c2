-- Application references: a sequence so advisers get short numbers (first one is 100001).
CREATE TABLE application_ids (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    allocated_at TEXT NOT NULL
);
INSERT INTO application_ids (id, allocated_at) VALUES (100000, '1970-01-01T00:00:00.000000Z');

CREATE TABLE firms (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE firm_locations (
    id TEXT PRIMARY KEY,
    firm_id TEXT NOT NULL REFERENCES firms (id),
    name TEXT NOT NULL
);

CREATE TABLE advisers (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    firm_id TEXT REFERENCES firms (id),
    firm_location_id TEXT REFERENCES firm_locations (id),
    ux_settings TEXT NOT NULL DEFAULT '{}'
);

-- adviser_id may act for acts_for (an assistant for the adviser they support).
CREATE TABLE adviser_delegations (
    adviser_id TEXT NOT NULL REFERENCES advisers (id),
    acts_for TEXT NOT NULL REFERENCES advisers (id),
    PRIMARY KEY (adviser_id, acts_for)
);

-- Read model of each application, written by its workflow after every accepted change.
CREATE TABLE applications (
    id INTEGER PRIMARY KEY,
    adviser_id TEXT NOT NULL,
    firm_id TEXT,
    version INTEGER NOT NULL,
    stage TEXT NOT NULL,
    client_names TEXT NOT NULL,
    search_text TEXT NOT NULL,
    third_party_ref TEXT,
    document TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX applications_by_adviser ON applications (adviser_id, updated_at DESC);

-- Applicant ids are global: several calls name an applicant without its application.
CREATE TABLE applicants (
    id TEXT PRIMARY KEY,
    application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE
);
CREATE INDEX applicants_by_application ON applicants (application_id);
