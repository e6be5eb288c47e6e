ALTER TABLE "lead_index" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "first_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lead_screening_held_idx" ON "lead_screening" USING btree ("lead_type","lead_id") WHERE "lead_screening"."verdict" = 'held' and "lead_screening"."released_at" is null;
--> statement-breakpoint
-- The form's page and the first status change of every lead already indexed (one pass each).
UPDATE "lead_index" i SET "page" = a.page FROM "lead_attribution" a WHERE a.lead_type = i.lead_type AND a.lead_id = i.lead_id AND a.page IS NOT NULL;
--> statement-breakpoint
UPDATE "lead_index" i SET "first_changed_at" = h.first FROM (SELECT lead_type, lead_id, min(created_at) AS first FROM "lead_status_history" GROUP BY 1, 2) h WHERE h.lead_type = i.lead_type AND h.lead_id = i.lead_id;
--> statement-breakpoint
CREATE INDEX "lead_index_insights_idx" ON "lead_index" USING btree ("created_at") INCLUDE ("lead_type", "status", "source", "campaign", "page", "first_changed_at");
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
  INSERT INTO lead_index AS i (lead_type, lead_id, created_at, name, email, company, summary, search, status, owner_id, source, campaign, page, first_changed_at)
  SELECT TG_ARGV[0], NEW.id, NEW.created_at, n, NEW.email, c, j->>TG_ARGV[3], lower(concat_ws(' ', n, NEW.email, c)),
    coalesce(t.status, 'new'), t.owner_id, lower(a.utm_source), lower(a.utm_campaign), a.page,
    (SELECT min(h.created_at) FROM lead_status_history h WHERE h.lead_type = TG_ARGV[0] AND h.lead_id = NEW.id)
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
-- A lead's campaign source and campaign (lower case) and its form's page, from its attribution row.
BEGIN
  UPDATE lead_index SET source = lower(NEW.utm_source), campaign = lower(NEW.utm_campaign), page = NEW.page
  WHERE lead_type = NEW.lead_type AND lead_id = NEW.lead_id
    AND (source, campaign, page) IS DISTINCT FROM (lower(NEW.utm_source), lower(NEW.utm_campaign), NEW.page);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_index_history() RETURNS trigger LANGUAGE plpgsql AS $$
-- When staff first changed a lead's status (the insights' time to the first change).
BEGIN
  UPDATE lead_index SET first_changed_at = NEW.created_at
  WHERE lead_type = NEW.lead_type AND lead_id = NEW.lead_id AND (first_changed_at IS NULL OR first_changed_at > NEW.created_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lead_status_history_lead_index" AFTER INSERT ON "lead_status_history" FOR EACH ROW EXECUTE FUNCTION lead_index_history();
--> statement-breakpoint
ANALYZE "lead_index";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION csv_cell(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- One CSV field as lib/staff/csv.ts writes it (the staff export builds its lines in the database): a
  -- formula-looking start prefixed with ', then quoted when it holds a comma, a quote, CR or LF. One
  -- expression without a FROM, so that PostgreSQL inlines it into the export's query.
  SELECT CASE
    WHEN strpos(coalesce($1, ''), ',') + strpos(coalesce($1, ''), '"') + strpos(coalesce($1, ''), e'\r') + strpos(coalesce($1, ''), e'\n') > 0
      THEN '"' || replace(CASE WHEN left($1, 1) IN ('=', '+', '-', '@', e'\t', e'\r') THEN '''' || $1 ELSE $1 END, '"', '""') || '"'
    ELSE CASE WHEN left($1, 1) IN ('=', '+', '-', '@', e'\t', e'\r') THEN '''' || $1 ELSE coalesce($1, '') END
  END
$$;
--> statement-breakpoint
CREATE INDEX "lead_index_email_idx" ON "lead_index" USING btree (lower("email"));
