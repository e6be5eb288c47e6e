CREATE TABLE "used_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_screening" (
	"lead_type" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"verdict" text NOT NULL,
	"reasons" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	CONSTRAINT "lead_screening_lead_type_lead_id_pk" PRIMARY KEY("lead_type","lead_id"),
	CONSTRAINT "lead_screening_verdict_check" CHECK ("lead_screening"."verdict" in ('spam', 'held'))
);
--> statement-breakpoint
ALTER TABLE "lead_screening" ADD CONSTRAINT "lead_screening_released_by_staff_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;