CREATE TABLE "data_request_checks" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_via" text,
	"check_note" text,
	"checked_by" uuid,
	"extended_until" timestamp with time zone,
	"extension_reason" text,
	CONSTRAINT "data_request_checks_via_check" CHECK ("data_request_checks"."verified_via" is null or "data_request_checks"."verified_via" in ('link', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "data_request_audit" DROP CONSTRAINT "data_request_audit_action_check";--> statement-breakpoint
ALTER TABLE "data_request_checks" ADD CONSTRAINT "data_request_checks_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_request_checks" ADD CONSTRAINT "data_request_checks_checked_by_staff_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_request_audit" ADD CONSTRAINT "data_request_audit_action_check" CHECK ("data_request_audit"."action" in ('export', 'completed', 'erasure', 'verified', 'identity-check', 'extension'));