-- Customer care manages advisers (issue 35). A delegation now has the days it is in force: from
-- `valid_from` to `valid_until` (both UK dates, included; no end when NULL), unless ended early
-- on `ended_on`. A pair may have several delegations over time (never overlapping), so each has
-- its own id. Delegations seeded before dates existed are in force from 2000-01-01.
CREATE TABLE adviser_delegations_dated (
    id TEXT PRIMARY KEY,
    adviser_id TEXT NOT NULL REFERENCES advisers (id),
    acts_for TEXT NOT NULL REFERENCES advisers (id),
    valid_from TEXT NOT NULL,
    valid_until TEXT,
    ended_on TEXT,
    created_at TEXT NOT NULL
);

INSERT INTO adviser_delegations_dated (id, adviser_id, acts_for, valid_from, created_at)
SELECT 'seed-' || adviser_id || '-' || acts_for, adviser_id, acts_for, '2000-01-01',
       '2000-01-01T00:00:00.000000Z'
FROM adviser_delegations;

DROP TABLE adviser_delegations;

ALTER TABLE adviser_delegations_dated RENAME TO adviser_delegations;

CREATE INDEX adviser_delegations_adviser ON adviser_delegations (adviser_id);
CREATE INDEX adviser_delegations_acts_for ON adviser_delegations (acts_for);

-- Every change customer care makes to an adviser or a firm: who made it (the token's subject
-- and name), when, to whom (`adviser_id`; `other_adviser_id` is the other side of a
-- delegation), what kind of change, and the value before and after as JSON.
CREATE TABLE care_changes (
    id TEXT PRIMARY KEY,
    changed_at TEXT NOT NULL,
    actor_subject TEXT NOT NULL,
    actor_name TEXT NOT NULL,
    adviser_id TEXT,
    other_adviser_id TEXT,
    firm_id TEXT,
    kind TEXT NOT NULL,
    before_value TEXT,
    after_value TEXT
);

CREATE INDEX care_changes_adviser ON care_changes (adviser_id, changed_at);
CREATE INDEX care_changes_other_adviser ON care_changes (other_adviser_id, changed_at);
