CREATE TABLE "submission_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"lead_type" text NOT NULL,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_tokens_token_check" CHECK (char_length("submission_tokens"."token") between 16 and 200)
);
--> statement-breakpoint
ALTER TABLE "affiliate_applications" DROP CONSTRAINT "affiliate_applications_submission_token_unique";--> statement-breakpoint
ALTER TABLE "agency_enquiries" DROP CONSTRAINT "agency_enquiries_submission_token_unique";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_submission_token_unique";--> statement-breakpoint
ALTER TABLE "data_requests" DROP CONSTRAINT "data_requests_submission_token_unique";--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" DROP CONSTRAINT "newsletter_subscriptions_submission_token_unique";--> statement-breakpoint
ALTER TABLE "partner_applications" DROP CONSTRAINT "partner_applications_submission_token_unique";--> statement-breakpoint
ALTER TABLE "affiliate_applications" DROP COLUMN "submission_token";--> statement-breakpoint
ALTER TABLE "agency_enquiries" DROP COLUMN "submission_token";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "submission_token";--> statement-breakpoint
ALTER TABLE "data_requests" DROP COLUMN "submission_token";--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" DROP COLUMN "submission_token";--> statement-breakpoint
ALTER TABLE "partner_applications" DROP COLUMN "submission_token";