ALTER TABLE "lead_attribution" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "referral_code" text;--> statement-breakpoint
-- The referred leads of a range, index-only: the insights' leads and trials per affiliate code (lib/staff/referrals.ts).
-- Partial: most leads come without a code, and those take no room in it.
CREATE INDEX "lead_index_referral_idx" ON "lead_index" USING btree ("created_at") INCLUDE ("lead_type", "status", "referral_code") WHERE "referral_code" IS NOT NULL;
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
  INSERT INTO lead_index AS i (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign, page, first_changed_at, referral_code)
  SELECT TG_ARGV[0], NEW.id, NEW.created_at, n, NEW.email, c, j->>TG_ARGV[3], lower(concat_ws(' ', n, NEW.email, c)),
    coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign), a.page,
    (SELECT min(h.created_at) FROM lead_status_history h WHERE h.lead_type = TG_ARGV[0] AND h.lead_id = NEW.id),
    a.referral_code
  FROM (SELECT 1) one
  LEFT JOIN lead_triage t ON t.lead_type = TG_ARGV[0] AND t.lead_id = NEW.id
  LEFT JOIN lead_attribution a ON a.lead_type = TG_ARGV[0] AND a.lead_id = NEW.id
  ON CONFLICT (lead_type, lead_id) DO UPDATE SET
    created_at = excluded.created_at, name = excluded.name, email = excluded.email, company = excluded.company, summary = excluded.summary, search = excluded.search
  WHERE (i.created_at, i.name, i.email, i.company, i.summary) IS DISTINCT FROM (excluded.created_at, excluded.name, excluded.email, excluded.company, excluded.summary);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_index_attribution() RETURNS trigger LANGUAGE plpgsql AS $$
-- A lead's campaign source and campaign (lower case), its form's page and its affiliate code, from its attribution row.
BEGIN
  UPDATE lead_index SET source = lower(NEW.utm_source), campaign = lower(NEW.utm_campaign), page = NEW.page, referral_code = NEW.referral_code
  WHERE lead_type = NEW.lead_type AND lead_id = NEW.lead_id
    AND (source, campaign, page, referral_code) IS DISTINCT FROM (lower(NEW.utm_source), lower(NEW.utm_campaign), NEW.page, NEW.referral_code);
  RETURN NULL;
END $$;
