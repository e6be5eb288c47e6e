-- The insights' replies (lib/staff/reply-insights.ts): time to our first reply, per kind and per staff member,
-- within the promised time, replies per lead. Their columns join the covering index of the insights, so that
-- a range stays an index-only scan (migration 0017 made it; drizzle's index builder has no INCLUDE).
DROP INDEX IF EXISTS "lead_index_insights_idx";
--> statement-breakpoint
CREATE INDEX "lead_index_insights_idx" ON "lead_index" USING btree ("created_at") INCLUDE ("lead_type", "status", "source", "campaign", "page", "first_changed_at", "first_reply_at", "first_reply_by", "replies");
