-- The insights of the first-response clock (issue 32, lib/staff/clock-insights.ts and assignment-insights.ts).
-- The marks "answered elsewhere" with who made them: the answers per member of a range, index-only.
CREATE INDEX "lead_status_history_answered_idx" ON "lead_status_history" USING btree ("created_at","lead_type","lead_id","changed_by") WHERE "lead_status_history"."answered";--> statement-breakpoint
-- Written by hand from here (drizzle's index builder has no INCLUDE). The open leads per owner now, and since
-- this migration nobody's too, with whether each is answered and its due time: the insights' open and overdue
-- leads per owner in one index-only scan. The assignment rules' counts (owner_id is not null and open) are
-- implied by its predicate and stay index-only.
DROP INDEX "lead_index_open_owner_idx";--> statement-breakpoint
CREATE INDEX "lead_index_open_owner_idx" ON "lead_index" USING btree ("owner_id") INCLUDE ("answered_at", "due_at") WHERE "lead_index"."status" in ('new', 'contacted', 'qualified');--> statement-breakpoint
-- "Answered on time" of a range is counted by the clock: due_at and answered_at (and lead_id, to find the
-- member who marked a lead answered elsewhere) join the covering index of the insights, so that a range stays
-- an index-only scan (migrations 0017 and 0025 made it).
DROP INDEX IF EXISTS "lead_index_insights_idx";--> statement-breakpoint
CREATE INDEX "lead_index_insights_idx" ON "lead_index" USING btree ("created_at") INCLUDE ("lead_type", "status", "source", "campaign", "page", "first_changed_at", "first_reply_at", "first_reply_by", "replies", "due_at", "answered_at", "lead_id");
