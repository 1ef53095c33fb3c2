-- Health answers, bank details and documents are sealed at rest from now on (issue 36,
-- `store/src/sealed.rs`), so no SQL may look inside a stored document any more. What SQL did
-- look for moves beside it, plain, and carries no health or bank data:
-- * `proceeded_at`: when the adviser chose Proceed, for the dashboard's progress label (the
--   only test made of it is whether it is set). Rows already stored take it from their
--   document, which is still plain when this runs.
-- * `document_digest`: the SHA-256 of the plain document, so saving the same version with the
--   same content again writes nothing (a sealed value differs at every seal). Rows already
--   stored have none; their next save writes it.
ALTER TABLE applications ADD COLUMN proceeded_at TEXT;
ALTER TABLE applications ADD COLUMN document_digest TEXT;
UPDATE applications SET proceeded_at = json_extract(document, '$.proceededAt')
    WHERE json_valid(document);
-- The values stored before now are still plain: this mark has the store's migrate step seal
-- them once, then remove it (`store/src/sealing.rs`).
CREATE TABLE plain_rows_to_seal (pending INTEGER PRIMARY KEY);
INSERT INTO plain_rows_to_seal (pending) VALUES (1);
