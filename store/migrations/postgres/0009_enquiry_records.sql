-- An enquiry is stored as its record (answers, declarations, outcome) with the rulebook version
-- of the interview it follows, and shown with the checks of the day it is read (decision OW5):
-- a view saved on the day would keep that day's date checks for ever. Rows written before keep
-- their view (rulebook_version NULL). Each interview is kept once, by its rulebook version.
CREATE TABLE interviews (
    version TEXT PRIMARY KEY,
    document TEXT NOT NULL
);
ALTER TABLE enquiries ADD COLUMN rulebook_version TEXT;
