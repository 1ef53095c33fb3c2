-- Client portal (issue 35): which applicants a signed-in client account has confirmed as
-- themselves ("Confirm your details"). An applicant belongs to at most one client account, so
-- nobody can link a case that someone else already holds.
CREATE TABLE client_links (
    client_subject TEXT NOT NULL,
    application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    applicant_id TEXT NOT NULL,
    linked_at TEXT NOT NULL,
    PRIMARY KEY (client_subject, applicant_id),
    CONSTRAINT client_links_one_account_per_applicant UNIQUE (applicant_id)
);
CREATE INDEX client_links_by_application ON client_links (application_id);
