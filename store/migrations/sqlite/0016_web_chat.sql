-- Web chat (issue 35): one conversation per adviser per UK day, and its messages in order.
-- A message's (sender, client id) is stored once, so a browser that sends it again after a
-- dropped connection does not repeat it (decisions WC2, WC3). `last_seq` numbers the
-- conversation's messages 1, 2, 3, …; each side's read mark is the last number it has read.
CREATE TABLE chat_conversations (
    id TEXT PRIMARY KEY,
    adviser_id TEXT NOT NULL,
    adviser_name TEXT NOT NULL,
    day TEXT NOT NULL,
    -- The case the adviser was on when they last opened the chat and wrote, if any.
    application_id INTEGER,
    started_at TEXT NOT NULL,
    last_message_at TEXT NOT NULL,
    last_seq INTEGER NOT NULL DEFAULT 0,
    -- The agent who last answered, if any.
    agent_id TEXT,
    agent_name TEXT,
    adviser_read_seq INTEGER NOT NULL DEFAULT 0,
    care_read_seq INTEGER NOT NULL DEFAULT 0,
    UNIQUE (adviser_id, day)
);
CREATE INDEX chat_conversations_by_day ON chat_conversations (day, last_message_at);

CREATE TABLE chat_messages (
    conversation_id TEXT NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    client_id TEXT NOT NULL,
    sender_id TEXT NOT NULL,
    sender_name TEXT NOT NULL,
    sender_side TEXT NOT NULL,
    body TEXT NOT NULL,
    sent_at TEXT NOT NULL,
    PRIMARY KEY (conversation_id, seq),
    UNIQUE (conversation_id, sender_id, client_id)
);
