-- Issue 36, retention: one line for each case deleted because it was not taken up within the
-- period in product/retention.json (store/src/retention.rs). No personal data: the case's
-- reference, when, why, and how much went with it. The line is written before the case's
-- workflows and rows are removed, so a deletion interrupted half-way is finished by the next
-- sweep (every case with a line is deleted), and a retried one keeps its first counts.
CREATE TABLE deletions (
    application_id BIGINT PRIMARY KEY,
    deleted_at TEXT NOT NULL,
    reason TEXT NOT NULL,
    documents_removed BIGINT NOT NULL,
    enquiries_removed BIGINT NOT NULL,
    workflows_removed BIGINT NOT NULL
);
CREATE INDEX deletions_by_time ON deletions (deleted_at);
