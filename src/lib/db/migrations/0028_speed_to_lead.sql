-- Speed to lead (issue 32, docs/speed-to-lead.md): the first-response clock's columns on lead_index, each member's
-- availability and notification preferences, and staff_emails (the outbox's rows addressed to a staff member).
CREATE TABLE "staff_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"lead_type" text,
	"lead_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_emails_topic_check" CHECK ("staff_emails"."topic" in ('reminder', 'unassigned', 'digest', 'summary')),
	CONSTRAINT "staff_emails_status_check" CHECK ("staff_emails"."status" in ('pending', 'sent', 'failed', 'cancelled', 'limited'))
);
--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "away_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "shortcuts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "digest_at" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "weekly_summary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_emails_key" ON "staff_emails" USING btree ("key");--> statement-breakpoint
CREATE INDEX "staff_emails_due_idx" ON "staff_emails" USING btree ("next_attempt_at") WHERE "staff_emails"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_emails_lead_idx" ON "staff_emails" USING btree ("lead_type","lead_id") WHERE "staff_emails"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "staff_emails_user_idx" ON "staff_emails" USING btree ("staff_user_id","created_at");