CREATE TABLE "affiliate_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"website" text NOT NULL,
	"audience_size" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_applications_audience_size_check" CHECK ("affiliate_applications"."audience_size" in ('Less than 1,000', '1,000 - 10,000', '10,000 - 100,000', '100,000+'))
);
--> statement-breakpoint
CREATE TABLE "agency_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"monthly_budget" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_enquiries_monthly_budget_check" CHECK ("agency_enquiries"."monthly_budget" in ('500-1000', '1000-2500', '2500-5000', '5000+'))
);
--> statement-breakpoint
CREATE TABLE "partner_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"partnership_type" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_applications_partnership_type_check" CHECK ("partner_applications"."partnership_type" in ('technology', 'reseller', 'referral', 'strategic'))
);
