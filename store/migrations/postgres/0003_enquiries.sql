-- Each client's underwriting enquiry as its workflow last wrote it (§3 "Underwriting
-- enquiry"): the document the API answers with, kept at the highest version seen.
CREATE TABLE enquiries (
    applicant_id TEXT PRIMARY KEY,
    application_id BIGINT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    is_open INTEGER NOT NULL,
    document TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX enquiries_by_application ON enquiries (application_id);
