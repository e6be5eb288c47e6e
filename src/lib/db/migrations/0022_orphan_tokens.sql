-- The daily purge deletes the submission tokens that name no lead (retention.orphanTokenDays): found by age
-- without reading the whole table.
CREATE INDEX "submission_tokens_orphan_idx" ON "submission_tokens" USING btree ("created_at") WHERE "submission_tokens"."lead_id" is null;