-- Issue 50: a client already in the client portal finds a new case of theirs in their account
-- by itself. Each applicant row carries a SHA-256 digest of the email their adviser recorded and
-- their date of birth (`domain::client_portal::same_client_key`): '' without both, NULL until
-- the store fills it in at start-up for rows written before this migration.
ALTER TABLE applicants ADD COLUMN same_client TEXT;
CREATE INDEX applicants_by_same_client ON applicants (same_client);
