-- Policies in force (§2 Policyholders, §7 policy/search): one row per policy holder, written
-- with the application's read model; the policy itself is in the application's document.
CREATE TABLE policies (
    policy_holder_id TEXT PRIMARY KEY,
    policy_reference TEXT NOT NULL UNIQUE,
    application_id BIGINT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    adviser_id TEXT NOT NULL,
    holder_name TEXT NOT NULL,
    search_text TEXT NOT NULL,
    status TEXT NOT NULL,
    starts_on TEXT NOT NULL,
    monthly_premium_pence BIGINT NOT NULL,
    issued_at TEXT NOT NULL
);
CREATE INDEX policies_by_adviser ON policies (adviser_id, issued_at DESC);
CREATE INDEX policies_by_application ON policies (application_id);
