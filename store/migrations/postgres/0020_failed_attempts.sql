-- Issue 36: one counter for every guessable thing (store/src/attempts.rs).
-- Failed attempts by kind ("client-link": "Confirm your details" per client account;
-- "sign-in-account" and "sign-in-address": the development identity provider's password
-- sign-in per account and per client address), so a limit holds on every instance of the API
-- alike. The key is a SHA-256 digest when it is something typed (an email), so no typed text is
-- kept; rows older than a day are removed as new failures are recorded.
CREATE TABLE failed_attempts (
    kind TEXT NOT NULL,
    attempt_key TEXT NOT NULL,
    attempted_at TEXT NOT NULL
);
CREATE INDEX failed_attempts_by_key ON failed_attempts (kind, attempt_key, attempted_at);
CREATE INDEX failed_attempts_by_time ON failed_attempts (attempted_at);

-- The client portal's counter (migration 0019) moves here.
INSERT INTO failed_attempts (kind, attempt_key, attempted_at)
    SELECT 'client-link', client_subject, attempted_at FROM client_link_attempts;
DROP TABLE client_link_attempts;
