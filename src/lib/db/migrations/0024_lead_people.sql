CREATE TABLE "lead_people" (
	"email_key" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"company" text,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || "email" || ' ' || coalesce("company", ''))) STORED NOT NULL,
	"kinds" text[] NOT NULL,
	"leads" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"latest_type" text NOT NULL,
	"latest_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_people_refresh(k text) RETURNS void LANGUAGE plpgsql AS $$
-- Computes the person of address k (lower-cased) again from lead_index (its index on lower(email)): their
-- leads that are not spam, how many, of which kinds, the first and the latest (its address as written), and
-- the latest name and company given; no such lead, no person. The person's row is locked before reading,
-- so that a lead another transaction is adding to them is either seen here (it committed first) or counted
-- after (its own trigger waits for this lock); a person another transaction creates meanwhile is read again.
-- (Row locks, not advisory ones: a purge or an erasure of many leads takes no slot of the lock table each.)
DECLARE
  n int;
  first timestamptz;
  last timestamptz;
  ks text[];
  top_type text;
  top_id uuid;
  top_email text;
  nm text;
  co text;
  present boolean;
BEGIN
  IF k IS NULL OR k = '' THEN RETURN; END IF;
  LOOP
    PERFORM 1 FROM lead_people WHERE email_key = k FOR UPDATE;
    present := FOUND;
    SELECT count(*)::int, min(i.created_at), max(i.created_at), array_agg(DISTINCT i.lead_type ORDER BY i.lead_type),
        (array_agg(i.lead_type ORDER BY i.created_at DESC, i.lead_id DESC))[1],
        (array_agg(i.lead_id ORDER BY i.created_at DESC, i.lead_id DESC))[1],
        (array_agg(i.email ORDER BY i.created_at DESC, i.lead_id DESC))[1],
        (array_agg(i.name ORDER BY i.created_at DESC, i.lead_id DESC) FILTER (WHERE i.name IS NOT NULL))[1],
        (array_agg(i.company ORDER BY i.created_at DESC, i.lead_id DESC) FILTER (WHERE i.company IS NOT NULL))[1]
      INTO n, first, last, ks, top_type, top_id, top_email, nm, co
      FROM lead_index i WHERE lower(i.email) = k AND i.status <> 'spam';
    IF n = 0 THEN
      DELETE FROM lead_people WHERE email_key = k;
      RETURN;
    END IF;
    IF present THEN
      UPDATE lead_people p SET email = top_email, name = nm, company = co, kinds = ks, leads = n, first_at = first, last_at = last, latest_type = top_type, latest_id = top_id
       WHERE p.email_key = k
         AND (p.email, p.name, p.company, p.kinds, p.leads, p.first_at, p.last_at, p.latest_type, p.latest_id)
           IS DISTINCT FROM (top_email, nm, co, ks, n, first, last, top_type, top_id);
      RETURN;
    END IF;
    INSERT INTO lead_people (email_key, email, name, company, kinds, leads, first_at, last_at, latest_type, latest_id)
    VALUES (k, top_email, nm, co, ks, n, first, last, top_type, top_id) ON CONFLICT (email_key) DO NOTHING;
    IF FOUND THEN RETURN; END IF;
    -- Another transaction made the person meanwhile: lock it and count again.
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_people_added() RETURNS trigger LANGUAGE plpgsql AS $$
-- A lead indexed (not spam): one more lead of its person, counted in place when it is their latest (a lead
-- as it arrives); an older one (a lead stored with an earlier date) has its person computed again.
DECLARE
  k text := lower(NEW.email);
BEGIN
  INSERT INTO lead_people AS p (email_key, email, name, company, kinds, leads, first_at, last_at, latest_type, latest_id)
  VALUES (k, NEW.email, NEW.name, NEW.company, ARRAY[NEW.lead_type], 1, NEW.created_at, NEW.created_at, NEW.lead_type, NEW.lead_id)
  ON CONFLICT (email_key) DO UPDATE SET
    email = excluded.email, name = coalesce(excluded.name, p.name), company = coalesce(excluded.company, p.company),
    kinds = CASE WHEN excluded.latest_type = ANY (p.kinds) THEN p.kinds ELSE ARRAY(SELECT x FROM unnest(p.kinds || excluded.latest_type) x ORDER BY x) END,
    leads = p.leads + 1, last_at = excluded.last_at, latest_type = excluded.latest_type, latest_id = excluded.latest_id
  WHERE (p.last_at, p.latest_id) < (excluded.last_at, excluded.latest_id);
  IF NOT FOUND THEN PERFORM lead_people_refresh(k); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
-- A lead gone (erased, purged), marked spam or back from spam, or its address, date, name or company
-- changed: its person (both, when the address changed) computed again.
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.email IS NOT NULL THEN PERFORM lead_people_refresh(lower(OLD.email)); END IF;
  IF TG_OP <> 'DELETE' AND NEW.email IS NOT NULL AND lower(NEW.email) IS DISTINCT FROM lower(OLD.email) THEN PERFORM lead_people_refresh(lower(NEW.email)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Created before the backfill below: CREATE TRIGGER locks lead_index against writes until this migration
-- commits, so that no lead stored meanwhile by another instance is missed.
CREATE TRIGGER "lead_index_people_insert" AFTER INSERT ON "lead_index" FOR EACH ROW
  WHEN (NEW.email IS NOT NULL AND NEW.email <> '' AND NEW.status <> 'spam') EXECUTE FUNCTION lead_people_added();
--> statement-breakpoint
CREATE TRIGGER "lead_index_people_update" AFTER UPDATE OF email, created_at, name, company, status ON "lead_index" FOR EACH ROW
  WHEN ((OLD.email, OLD.created_at, OLD.name, OLD.company) IS DISTINCT FROM (NEW.email, NEW.created_at, NEW.name, NEW.company)
    OR (OLD.status = 'spam') <> (NEW.status = 'spam')) EXECUTE FUNCTION lead_people_changed();
--> statement-breakpoint
CREATE TRIGGER "lead_index_people_delete" AFTER DELETE ON "lead_index" FOR EACH ROW
  WHEN (OLD.email IS NOT NULL AND OLD.status <> 'spam') EXECUTE FUNCTION lead_people_changed();
--> statement-breakpoint
-- The people of the leads already indexed (one pass), then their indexes.
INSERT INTO "lead_people" (email_key, email, name, company, kinds, leads, first_at, last_at, latest_type, latest_id)
SELECT lower(i.email),
  (array_agg(i.email ORDER BY i.created_at DESC, i.lead_id DESC))[1],
  (array_agg(i.name ORDER BY i.created_at DESC, i.lead_id DESC) FILTER (WHERE i.name IS NOT NULL))[1],
  (array_agg(i.company ORDER BY i.created_at DESC, i.lead_id DESC) FILTER (WHERE i.company IS NOT NULL))[1],
  array_agg(DISTINCT i.lead_type ORDER BY i.lead_type), count(*)::int, min(i.created_at), max(i.created_at),
  (array_agg(i.lead_type ORDER BY i.created_at DESC, i.lead_id DESC))[1],
  (array_agg(i.lead_id ORDER BY i.created_at DESC, i.lead_id DESC))[1]
FROM "lead_index" i WHERE i.email IS NOT NULL AND i.email <> '' AND i.status <> 'spam'
GROUP BY lower(i.email);
--> statement-breakpoint
CREATE INDEX "lead_people_last_idx" ON "lead_people" USING btree ("last_at" DESC NULLS LAST,"email_key" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_people_search_idx" ON "lead_people" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_people_kinds_idx" ON "lead_people" USING gin ("kinds");--> statement-breakpoint
CREATE INDEX "lead_index_waiting_idx" ON "lead_index" USING btree ("awaiting_since","lead_id") WHERE "lead_index"."awaiting_since" is not null;--> statement-breakpoint
ANALYZE "lead_people";
