CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "lead_index" (
	"lead_type" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"name" text,
	"email" text,
	"company" text,
	"summary" text,
	"search" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"owner_id" uuid,
	"source" text,
	"campaign" text,
	CONSTRAINT "lead_index_lead_type_lead_id_pk" PRIMARY KEY("lead_type","lead_id")
);
--> statement-breakpoint
-- Every lead already stored, with its triage and attribution (before the indexes: faster on a large table).
INSERT INTO "lead_index" (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign)
SELECT 'partner', l.id, l.created_at, nullif(concat_ws(' ', l."first_name", l."last_name"), ''), l.email, l."company", l."partnership_type"::text, lower(concat_ws(' ', nullif(concat_ws(' ', l."first_name", l."last_name"), ''), l.email, l."company")),
  coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign)
FROM "partner_applications" l
LEFT JOIN lead_triage t ON t.lead_type = 'partner' AND t.lead_id = l.id
LEFT JOIN lead_attribution a ON a.lead_type = 'partner' AND a.lead_id = l.id;--> statement-breakpoint
INSERT INTO "lead_index" (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign)
SELECT 'affiliate', l.id, l.created_at, nullif(concat_ws(' ', l."first_name", l."last_name"), ''), l.email, null::text, l."audience_size"::text, lower(concat_ws(' ', nullif(concat_ws(' ', l."first_name", l."last_name"), ''), l.email, null::text)),
  coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign)
FROM "affiliate_applications" l
LEFT JOIN lead_triage t ON t.lead_type = 'affiliate' AND t.lead_id = l.id
LEFT JOIN lead_attribution a ON a.lead_type = 'affiliate' AND a.lead_id = l.id;--> statement-breakpoint
INSERT INTO "lead_index" (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign)
SELECT 'agency', l.id, l.created_at, nullif(concat_ws(' ', l."name"), ''), l.email, l."business_name", l."monthly_budget"::text, lower(concat_ws(' ', nullif(concat_ws(' ', l."name"), ''), l.email, l."business_name")),
  coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign)
FROM "agency_enquiries" l
LEFT JOIN lead_triage t ON t.lead_type = 'agency' AND t.lead_id = l.id
LEFT JOIN lead_attribution a ON a.lead_type = 'agency' AND a.lead_id = l.id;--> statement-breakpoint
INSERT INTO "lead_index" (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign)
SELECT 'contact', l.id, l.created_at, nullif(concat_ws(' ', l."name"), ''), l.email, l."company", l."subject"::text, lower(concat_ws(' ', nullif(concat_ws(' ', l."name"), ''), l.email, l."company")),
  coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign)
FROM "contact_messages" l
LEFT JOIN lead_triage t ON t.lead_type = 'contact' AND t.lead_id = l.id
LEFT JOIN lead_attribution a ON a.lead_type = 'contact' AND a.lead_id = l.id;--> statement-breakpoint
INSERT INTO "lead_index" (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign)
SELECT 'newsletter', l.id, l.created_at, null::text, l.email, null::text, l."status"::text, lower(concat_ws(' ', null::text, l.email, null::text)),
  coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign)
FROM "newsletter_subscriptions" l
LEFT JOIN lead_triage t ON t.lead_type = 'newsletter' AND t.lead_id = l.id
LEFT JOIN lead_attribution a ON a.lead_type = 'newsletter' AND a.lead_id = l.id;--> statement-breakpoint
INSERT INTO "lead_index" (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign)
SELECT 'dataRequest', l.id, l.created_at, null::text, l.email, null::text, l."type"::text, lower(concat_ws(' ', null::text, l.email, null::text)),
  coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign)
FROM "data_requests" l
LEFT JOIN lead_triage t ON t.lead_type = 'dataRequest' AND t.lead_id = l.id
LEFT JOIN lead_attribution a ON a.lead_type = 'dataRequest' AND a.lead_id = l.id;--> statement-breakpoint
INSERT INTO "lead_index" (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign)
SELECT 'trial', l.id, l.created_at, nullif(concat_ws(' ', l."name"), ''), l.email, l."company", l."plan"::text, lower(concat_ws(' ', nullif(concat_ws(' ', l."name"), ''), l.email, l."company")),
  coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign)
FROM "trial_requests" l
LEFT JOIN lead_triage t ON t.lead_type = 'trial' AND t.lead_id = l.id
LEFT JOIN lead_attribution a ON a.lead_type = 'trial' AND a.lead_id = l.id;
--> statement-breakpoint
CREATE INDEX "lead_index_created_idx" ON "lead_index" USING btree ("created_at" DESC NULLS LAST,"lead_id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "lead_index_open_idx" ON "lead_index" USING btree ("created_at" DESC NULLS LAST,"lead_id" DESC NULLS LAST) WHERE "lead_index"."status" not in ('spam', 'archived');
--> statement-breakpoint
CREATE INDEX "lead_index_type_idx" ON "lead_index" USING btree ("lead_type","created_at" DESC NULLS LAST,"lead_id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "lead_index_status_idx" ON "lead_index" USING btree ("status","created_at" DESC NULLS LAST,"lead_id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "lead_index_owner_idx" ON "lead_index" USING btree ("owner_id","created_at" DESC NULLS LAST,"lead_id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "lead_index_source_idx" ON "lead_index" USING btree ("source","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "lead_index_campaign_idx" ON "lead_index" USING btree ("campaign","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "lead_index_search_idx" ON "lead_index" USING gin ("search" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_index_sync() RETURNS trigger LANGUAGE plpgsql AS $$
-- Keeps lead_index in step with one lead table. Arguments: the kind, its name columns (comma-separated),
-- its company column ('' for none) and its summary column (lib/leads/kinds.ts `inbox`).
DECLARE
  j jsonb;
  n text;
  c text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM lead_index WHERE lead_type = TG_ARGV[0] AND lead_id = OLD.id;
    RETURN NULL;
  END IF;
  j := to_jsonb(NEW);
  SELECT nullif(string_agg(j->>col, ' ' ORDER BY ord), '') INTO n FROM unnest(string_to_array(nullif(TG_ARGV[1], ''), ',')) WITH ORDINALITY AS x(col, ord);
  c := CASE WHEN TG_ARGV[2] = '' THEN NULL ELSE j->>TG_ARGV[2] END;
  INSERT INTO lead_index AS i (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign)
  SELECT TG_ARGV[0], NEW.id, NEW.created_at, n, NEW.email, c, j->>TG_ARGV[3], lower(concat_ws(' ', n, NEW.email, c)),
    coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign)
  FROM (SELECT 1) one
  LEFT JOIN lead_triage t ON t.lead_type = TG_ARGV[0] AND t.lead_id = NEW.id
  LEFT JOIN lead_attribution a ON a.lead_type = TG_ARGV[0] AND a.lead_id = NEW.id
  ON CONFLICT (lead_type, lead_id) DO UPDATE SET
    created_at = excluded.created_at, name = excluded.name, email = excluded.email, company = excluded.company, summary = excluded.summary, search = excluded.search
  WHERE (i.created_at, i.name, i.email, i.company, i.summary) IS DISTINCT FROM (excluded.created_at, excluded.name, excluded.email, excluded.company, excluded.summary);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_index_triage() RETURNS trigger LANGUAGE plpgsql AS $$
-- A lead's status and owner, from its triage row (no row: new, nobody).
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE lead_index SET status = 'new', owner_id = NULL WHERE lead_type = OLD.lead_type AND lead_id = OLD.lead_id;
  ELSE
    UPDATE lead_index SET status = NEW.status, owner_id = NEW.owner_id
    WHERE lead_type = NEW.lead_type AND lead_id = NEW.lead_id AND (status, owner_id) IS DISTINCT FROM (NEW.status, NEW.owner_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_index_attribution() RETURNS trigger LANGUAGE plpgsql AS $$
-- A lead's campaign source and campaign (lower case), from its attribution row.
BEGIN
  UPDATE lead_index SET source = lower(NEW.utm_source), campaign = lower(NEW.utm_campaign)
  WHERE lead_type = NEW.lead_type AND lead_id = NEW.lead_id AND (source, campaign) IS DISTINCT FROM (lower(NEW.utm_source), lower(NEW.utm_campaign));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "partner_applications_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "partner_applications" FOR EACH ROW EXECUTE FUNCTION lead_index_sync('partner', 'first_name,last_name', 'company', 'partnership_type');
--> statement-breakpoint
CREATE TRIGGER "affiliate_applications_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "affiliate_applications" FOR EACH ROW EXECUTE FUNCTION lead_index_sync('affiliate', 'first_name,last_name', '', 'audience_size');
--> statement-breakpoint
CREATE TRIGGER "agency_enquiries_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "agency_enquiries" FOR EACH ROW EXECUTE FUNCTION lead_index_sync('agency', 'name', 'business_name', 'monthly_budget');
--> statement-breakpoint
CREATE TRIGGER "contact_messages_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "contact_messages" FOR EACH ROW EXECUTE FUNCTION lead_index_sync('contact', 'name', 'company', 'subject');
--> statement-breakpoint
CREATE TRIGGER "newsletter_subscriptions_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "newsletter_subscriptions" FOR EACH ROW EXECUTE FUNCTION lead_index_sync('newsletter', '', '', 'status');
--> statement-breakpoint
CREATE TRIGGER "data_requests_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "data_requests" FOR EACH ROW EXECUTE FUNCTION lead_index_sync('dataRequest', '', '', 'type');
--> statement-breakpoint
CREATE TRIGGER "trial_requests_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "trial_requests" FOR EACH ROW EXECUTE FUNCTION lead_index_sync('trial', 'name', 'company', 'plan');
--> statement-breakpoint
CREATE TRIGGER "lead_triage_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "lead_triage" FOR EACH ROW EXECUTE FUNCTION lead_index_triage();
--> statement-breakpoint
CREATE TRIGGER "lead_attribution_lead_index" AFTER INSERT OR UPDATE ON "lead_attribution" FOR EACH ROW EXECUTE FUNCTION lead_index_attribution();
--> statement-breakpoint
ANALYZE "lead_index";
