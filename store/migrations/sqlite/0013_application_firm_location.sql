-- §1 "adviser firm location tracking", §6 adviserAtFirmLocationId (issue 34): the firm location
-- each case was created at, as a column beside the document, so the dashboard's In Progress
-- rows can name the location (joined to firm_locations) without reading every document.
-- Cases already stored take it from their document.
ALTER TABLE applications ADD COLUMN firm_location_id TEXT;
UPDATE applications SET firm_location_id = json_extract(document, '$.adviserAtFirmLocationId');
