CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_path_referrer_host_source_medium_campaign_pk" PRIMARY KEY("day","path","referrer_host","source","medium","campaign")
);
--> statement-breakpoint
CREATE INDEX "page_views_path_day_idx" ON "page_views" USING btree ("path","day");