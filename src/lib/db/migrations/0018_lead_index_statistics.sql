-- Statistics for lead_index_email_idx (lower(email)): migration 0017 made that index after its ANALYZE, and
-- PostgreSQL keeps no statistics for an index on an expression until the table is analysed again, which
-- autovacuum does only after a tenth of the rows have changed. Without them the planner guesses that an
-- address matches 0.5 % of the leads and reads the whole inbox newest first to find one (3.3 s at a million
-- leads, against 5 ms with them). Half a second at a million leads.
ANALYZE "lead_index";
