-- The underwriters' workbench (issue 30): a case waiting at Underwriting is listed from these
-- columns, oldest referral first, without reading its document. They are written with the read
-- model and are null (or 0) for a case not with underwriting; `workbench` holds the row's
-- covers referred (with the rules that referred them) and evidence awaited, as JSON. Rows saved
-- before this migration are filled in from their documents by the store's migrate step.
ALTER TABLE applications ADD COLUMN referred_at TEXT;
ALTER TABLE applications ADD COLUMN claimed_by TEXT;
ALTER TABLE applications ADD COLUMN claimed_by_name TEXT;
ALTER TABLE applications ADD COLUMN evidence_due TEXT;
ALTER TABLE applications ADD COLUMN evidence_overdue INTEGER NOT NULL DEFAULT 0;
ALTER TABLE applications ADD COLUMN workbench TEXT;
-- Referred cases in the workbench's order, with what its filters read: a page and its count
-- are answered from this index, and only the page's own rows are read from the table.
CREATE INDEX applications_referred ON applications
    (referred_at, id, claimed_by, evidence_due, evidence_overdue) WHERE referred_at IS NOT NULL;

-- Rows saved before this migration and waiting at Underwriting, which the store's migrate step
-- fills from their documents: empty once filled, so looking for them at each start-up reads
-- nothing.
CREATE INDEX applications_workbench_unfilled ON applications (id)
    WHERE stage = 'UNDERWRITING' AND workbench IS NULL;

-- When the case's latest underwriting update was posted, and up to when each user has read
-- them: the dashboard marks a case with an update its reader has not seen.
ALTER TABLE applications ADD COLUMN latest_update_at TEXT;
CREATE TABLE underwriting_update_reads (
    application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    reader_id TEXT NOT NULL,
    seen_up_to TEXT NOT NULL,
    PRIMARY KEY (application_id, reader_id)
);
