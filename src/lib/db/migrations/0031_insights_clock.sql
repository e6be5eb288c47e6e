CREATE INDEX "lead_status_history_answered_idx" ON "lead_status_history" USING btree ("created_at","lead_type","lead_id","changed_by") WHERE "lead_status_history"."answered";--> statement-breakpoint
-- Written by hand (drizzle's index builder has no INCLUDE): the insights' "answered on time" is counted by the
-- first-response clock (lib/staff/clock-insights.ts), so due_at and answered_at join the covering index of
-- the insights, and a range stays an index-only scan (migrations 0017 and 0025 made it).
DROP INDEX IF EXISTS "lead_index_insights_idx";
--> statement-breakpoint
CREATE INDEX "lead_index_insights_idx" ON "lead_index" USING btree ("created_at") INCLUDE ("lead_type", "status", "source", "campaign", "page", "first_changed_at", "first_reply_at", "first_reply_by", "replies", "due_at", "answered_at");
