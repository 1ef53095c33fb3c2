-- Web chat across several `portal api` processes on one database, and its text sealed at rest
-- (decisions WC8-WC11).
--
-- Tickets that open the chat socket, kept here so that a ticket issued by one process opens a
-- socket on another: only the SHA-256 of the random ticket is stored, it lasts 30 seconds and
-- is deleted as it is used (`DELETE … RETURNING`), so it opens one socket on any process.
CREATE TABLE chat_tickets (
    ticket_digest TEXT PRIMARY KEY,
    person_id TEXT NOT NULL,
    person_name TEXT NOT NULL,
    side TEXT NOT NULL,
    -- The case the adviser said they were on (checked as theirs when the ticket was issued).
    application_id TEXT,
    expires_at TEXT NOT NULL
);
CREATE INDEX chat_tickets_by_expiry ON chat_tickets (expires_at);

-- Which customer-care agents have the chat desk open, on which process. Each process keeps its
-- own rows and refreshes them every 15 seconds; a row not refreshed for a minute is ignored (its
-- process died) and swept.
CREATE TABLE chat_presence (
    process_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    connected_at TEXT NOT NULL,
    heartbeat_at TEXT NOT NULL,
    PRIMARY KEY (process_id, agent_id)
);

-- Messages are sealed from now on (`store/src/sealed.rs`). Free text may start with anything,
-- even what a sealed value starts with, so a flag says which rows are sealed rather than the
-- value's shape. The rows stored before now are sealed once by the next start's migrate step,
-- which this mark asks for (`store/src/sealing.rs`, as migration 0021 did).
ALTER TABLE chat_messages ADD COLUMN body_sealed INTEGER NOT NULL DEFAULT 0;
INSERT OR IGNORE INTO plain_rows_to_seal (pending) VALUES (1);
