CREATE TABLE "lead_attribution" (
	"lead_type" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"referrer_host" text,
	"page" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_attribution_lead_type_lead_id_pk" PRIMARY KEY("lead_type","lead_id")
);
--> statement-breakpoint
CREATE INDEX "lead_attribution_source_idx" ON "lead_attribution" USING btree (lower("utm_source"));--> statement-breakpoint
CREATE INDEX "lead_attribution_campaign_idx" ON "lead_attribution" USING btree (lower("utm_campaign"));