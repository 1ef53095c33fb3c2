-- The dashboard's search by any part of a client's name or a reference (§7 application/search):
-- a trigram index, which PostgreSQL uses for `search_text LIKE '%word%'` (words of three
-- letters or more), so a search reads the matches rather than every case. pg_trgm is a trusted
-- extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX applications_search ON applications USING gin (search_text gin_trgm_ops);
