-- The dashboard's search by any part of a client's name or a reference (§7 application/search):
-- a trigram index over each case's search text, kept by triggers, so finding "smi" among an
-- adviser's hundred thousand cases reads the matches rather than every case. Words shorter
-- than three letters still use LIKE.
CREATE VIRTUAL TABLE applications_search USING fts5 (
    search_text,
    content = 'applications',
    content_rowid = 'id',
    tokenize = 'trigram'
);

CREATE TRIGGER applications_search_insert AFTER INSERT ON applications BEGIN
    INSERT INTO applications_search (rowid, search_text) VALUES (new.id, new.search_text);
END;

CREATE TRIGGER applications_search_delete AFTER DELETE ON applications BEGIN
    INSERT INTO applications_search (applications_search, rowid, search_text)
    VALUES ('delete', old.id, old.search_text);
END;

CREATE TRIGGER applications_search_update AFTER UPDATE OF search_text ON applications BEGIN
    INSERT INTO applications_search (applications_search, rowid, search_text)
    VALUES ('delete', old.id, old.search_text);
    INSERT INTO applications_search (rowid, search_text) VALUES (new.id, new.search_text);
END;

INSERT INTO applications_search (applications_search) VALUES ('rebuild');
