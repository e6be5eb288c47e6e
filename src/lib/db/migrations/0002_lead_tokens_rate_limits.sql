CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "affiliate_applications" ADD COLUMN "submission_token" text;--> statement-breakpoint
ALTER TABLE "agency_enquiries" ADD COLUMN "submission_token" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "submission_token" text;--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "submission_token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "submission_token" text;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD COLUMN "submission_token" text;--> statement-breakpoint
ALTER TABLE "affiliate_applications" ADD CONSTRAINT "affiliate_applications_submission_token_unique" UNIQUE("submission_token");--> statement-breakpoint
ALTER TABLE "agency_enquiries" ADD CONSTRAINT "agency_enquiries_submission_token_unique" UNIQUE("submission_token");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_submission_token_unique" UNIQUE("submission_token");--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_submission_token_unique" UNIQUE("submission_token");--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_submission_token_unique" UNIQUE("submission_token");--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_submission_token_unique" UNIQUE("submission_token");