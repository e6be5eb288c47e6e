-- Assignment rules (issue 32, docs/speed-to-lead.md "Assignment rules"): the rules per kind, the queue of new leads
-- waiting for an owner (written in the lead's own statement), rule assignments in the owner history, and the indexes
-- of the members' open leads and of the assignment spread.
CREATE TABLE "assignment_queue" (
	"lead_type" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_queue_lead_type_lead_id_pk" PRIMARY KEY("lead_type","lead_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_rules" (
	"lead_type" text PRIMARY KEY NOT NULL,
	"method" text DEFAULT 'round-robin' NOT NULL,
	"members" uuid[] NOT NULL,
	"cap" integer,
	"last_member" uuid,
	"assigned" bigint DEFAULT 0 NOT NULL,
	"missing_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "assignment_rules_method_check" CHECK ("assignment_rules"."method" in ('round-robin', 'fewest-open')),
	CONSTRAINT "assignment_rules_type_check" CHECK ("assignment_rules"."lead_type" in ('partner', 'affiliate', 'agency', 'contact', 'newsletter', 'dataRequest', 'trial')),
	CONSTRAINT "assignment_rules_cap_check" CHECK ("assignment_rules"."cap" is null or "assignment_rules"."cap" > 0)
);
--> statement-breakpoint
ALTER TABLE "lead_owner_history" ADD COLUMN "by_rule" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_index_open_owner_idx" ON "lead_index" USING btree ("owner_id") WHERE "lead_index"."status" in ('new', 'contacted', 'qualified') and "lead_index"."owner_id" is not null;--> statement-breakpoint
-- Written by hand (drizzle's index builder has no INCLUDE): the insights' assignment spread, the leads each
-- member was given by a rule in a range, read from this index alone at a million rows.
CREATE INDEX "lead_owner_history_rule_idx" ON "lead_owner_history" USING btree ("created_at") INCLUDE ("to_owner") WHERE "by_rule";
