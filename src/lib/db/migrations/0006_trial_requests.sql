CREATE TABLE "trial_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"plan" text NOT NULL,
	"billing" text NOT NULL,
	"terms_accepted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_requests_plan_check" CHECK ("trial_requests"."plan" in ('free', 'pro', 'business')),
	CONSTRAINT "trial_requests_billing_check" CHECK ("trial_requests"."billing" in ('monthly', 'yearly')),
	CONSTRAINT "trial_requests_terms_accepted_check" CHECK ("trial_requests"."terms_accepted" in ('yes'))
);
--> statement-breakpoint
ALTER TABLE "lead_triage" DROP CONSTRAINT "lead_triage_type_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_lead_type_check";--> statement-breakpoint
ALTER TABLE "lead_triage" ADD CONSTRAINT "lead_triage_type_check" CHECK ("lead_triage"."lead_type" in ('partner', 'affiliate', 'agency', 'contact', 'newsletter', 'dataRequest', 'trial'));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_lead_type_check" CHECK ("notification_outbox"."lead_type" in ('partner', 'affiliate', 'agency', 'contact', 'newsletter', 'dataRequest', 'trial'));