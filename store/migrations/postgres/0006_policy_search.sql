-- The Policyholders tab's search by any part of a holder's name or a reference (§7
-- policy/search), indexed as the dashboard's is (migration 0005): a trigram index, which
-- PostgreSQL uses for `search_text LIKE '%word%'` (words of three letters or more), so a search
-- reads the matches rather than every policy. pg_trgm was created by 0005; IF NOT EXISTS keeps
-- this migration whole on its own.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX policies_search ON policies USING gin (search_text gin_trgm_ops);
