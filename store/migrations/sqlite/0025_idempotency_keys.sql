-- Issue 49: Idempotency-Key as draft-ietf-httpapi-idempotency-key-header reads it
-- (store/src/idempotency.rs, api/src/idempotency.rs). One row per key, bound to the caller who
-- sent it and the operation (method and path) it was sent on: the first request's payload
-- fingerprint (a digest of its meaning, not its bytes) and, once answered, that answer (status,
-- headers, and the body sealed like every special-category column, since an answer can carry
-- health answers or bank details). While the first request runs, `lease_until` says how long
-- its process holds the key; a process that died stops renewing it and another takes over.
-- Rows are kept until `expires_at` (a day), then swept.
CREATE TABLE idempotency_keys (
    caller TEXT NOT NULL,
    operation TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    lease_until TEXT,
    status INTEGER,
    headers TEXT,
    body BLOB,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (caller, operation, idempotency_key)
);
CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at);
