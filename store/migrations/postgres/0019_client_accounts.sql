-- Client portal (issue 35).
-- Failed "Confirm your details" attempts per client account, so guessing a date of birth or a
-- reference is slowed down on every instance of the API alike.
CREATE TABLE client_link_attempts (
    client_subject TEXT NOT NULL,
    attempted_at TEXT NOT NULL
);
CREATE INDEX client_link_attempts_by_subject ON client_link_attempts (client_subject, attempted_at);

-- Development identity provider only: client accounts created on its sign-up page. Production
-- signs clients up in the insurer's identity provider, and this table stays empty there.
CREATE TABLE dev_idp_accounts (
    subject TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL
);
