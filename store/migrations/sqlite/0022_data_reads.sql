-- Every read of special-category or fraud-sensitive data (issue 36): health answers, stored
-- documents, bank details and decrypted Temporal payloads. Who (subject, name and the role they
-- read in), when, from which address (the TCP peer), which case (application, client, or Qi
-- enquiry, where known) and which data. Written before the data is shown; never updated or
-- deleted by the portal.
CREATE TABLE data_reads (
    id TEXT PRIMARY KEY,
    read_at TEXT NOT NULL,
    reader_subject TEXT NOT NULL,
    reader_name TEXT NOT NULL,
    reader_role TEXT NOT NULL,
    application_id BIGINT,
    applicant_id TEXT,
    qi_id TEXT,
    data TEXT NOT NULL,
    address TEXT
);

CREATE INDEX data_reads_time ON data_reads (read_at);
CREATE INDEX data_reads_application ON data_reads (application_id, read_at);

-- Customer care's reads of health answers (migration 0015) were the first of these: they move
-- here, so there is one record of reads. Their address was not kept.
INSERT INTO data_reads (id, read_at, reader_subject, reader_name, reader_role, application_id,
                        applicant_id, qi_id, data, address)
SELECT id, read_at, reader_subject, reader_name, reader_role, application_id, applicant_id,
       NULL, 'health-answers', NULL
FROM health_answer_reads;

DROP TABLE health_answer_reads;
