-- Every read of a client's health answers by customer care (issue 35): who (subject, name and
-- role), when, which application and which client. Never updated or deleted by the portal.
CREATE TABLE health_answer_reads (
    id TEXT PRIMARY KEY,
    read_at TEXT NOT NULL,
    reader_subject TEXT NOT NULL,
    reader_name TEXT NOT NULL,
    reader_role TEXT NOT NULL,
    application_id BIGINT NOT NULL,
    applicant_id TEXT NOT NULL
);

CREATE INDEX health_answer_reads_application ON health_answer_reads (application_id, read_at);
