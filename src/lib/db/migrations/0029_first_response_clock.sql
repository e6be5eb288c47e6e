-- The first-response clock (issue 32, docs/speed-to-lead.md "The first-response clock"): the team's calendar,
-- lead_index.due_at and answered_at kept by triggers in the same transaction as every write that changes them,
-- the member's "answered elsewhere" mark on a status change, and the indexes of the Overdue, Due soon and Mine views.
CREATE TABLE "team_calendar" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	"hours" jsonb NOT NULL,
	"holidays" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "team_calendar_one_row" CHECK ("team_calendar"."id")
);
--> statement-breakpoint
ALTER TABLE "lead_status_history" ADD COLUMN "answered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_calendar" ADD CONSTRAINT "team_calendar_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Hand-written below: the business-hours clock in SQL. It is lib/speed/business-hours.ts `dueAt` line by line
-- (the same steps on epoch milliseconds, the same rounding: JavaScript's Math.round(x) is floor(x + 0.5) here),
-- so that the triggers give every lead its due time in the transaction that stores, releases or answers it,
-- whoever writes it (a post, a release from the Spam view, a copy, a seed), on the database's clock, and the
-- calendar's change and this backfill are set-based. tests/integration/clock-sql.test.ts checks it against
-- the JavaScript at hundreds of instants in several zones, both ways across the changes of the clocks.
CREATE OR REPLACE FUNCTION business_wall_ms(t double precision, tz text) RETURNS double precision
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  -- The team zone's wall clock at instant t (epoch ms), written as if it were UTC (business-hours.ts wallClock).
  SELECT extract(epoch FROM (to_timestamp(t / 1000.0) AT TIME ZONE tz))::double precision * 1000
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_instant_ms(wall double precision, tz text) RETURNS double precision
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
-- The instant of a wall-clock time (business-hours.ts instantOf): a repeated time is its first occurrence, a
-- skipped one moves on by the gap (Temporal's "compatible"). PostgreSQL's own AT TIME ZONE takes the second
-- occurrence of a repeated time, hence this.
DECLARE
  day constant double precision := 86400000;
  before double precision := business_wall_ms(wall - day, tz) - (wall - day);
  after double precision := business_wall_ms(wall + day, tz) - (wall + day);
  early double precision := wall - before;
  late double precision := wall - after;
  early_ok boolean := business_wall_ms(early, tz) - early = before;
  late_ok boolean := business_wall_ms(late, tz) - late = after;
BEGIN
  IF early_ok AND late_ok THEN RETURN least(early, late); END IF;
  IF early_ok THEN RETURN early; END IF;
  IF late_ok THEN RETURN late; END IF;
  RETURN wall - before;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_due_at(start timestamptz, target_hours double precision, tz text, hours jsonb, holidays text[]) RETURNS timestamptz
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
-- business-hours.ts dueAt: target_hours / 24 working days after the first open instant at or after start.
DECLARE
  day constant double precision := 86400000;
  t double precision := extract(epoch FROM start)::double precision * 1000;
  remaining double precision := floor(target_hours * 3600000 + 0.5);
  local double precision := business_wall_ms(t, tz);
  midnight double precision := local - (local - floor(local / day) * day);
  closed int := 0;
  d timestamp;
  h jsonb;
  wall_open double precision;
  wall_close double precision;
  open_at double precision;
  close_at double precision;
  from_at double precision;
  wall_from double precision;
  len double precision;
  worth double precision;
  w double precision;
BEGIN
  LOOP
    d := to_timestamp(midnight / 1000.0) AT TIME ZONE 'UTC';
    h := hours -> ((ARRAY['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'])[extract(dow FROM d)::int + 1]);
    IF h IS NOT NULL AND NOT (to_char(d, 'YYYY-MM-DD') = ANY (coalesce(holidays, '{}'))) THEN
      wall_open := midnight + (split_part(h ->> 'open', ':', 1)::int * 60 + split_part(h ->> 'open', ':', 2)::int) * 60000;
      wall_close := midnight + (split_part(h ->> 'close', ':', 1)::int * 60 + split_part(h ->> 'close', ':', 2)::int) * 60000;
      open_at := business_instant_ms(wall_open, tz);
      close_at := business_instant_ms(wall_close, tz);
      IF close_at > open_at THEN
        closed := 0;
        from_at := greatest(t, open_at);
        IF from_at < close_at THEN
          IF remaining = 0 THEN RETURN to_timestamp(from_at / 1000.0); END IF;
          wall_from := CASE WHEN from_at <= open_at THEN wall_open WHEN from_at >= close_at THEN wall_close
            ELSE least(greatest(business_wall_ms(from_at, tz), wall_open), wall_close) END;
          len := wall_close - wall_open;
          worth := floor((wall_close - wall_from) * day / len + 0.5);
          IF remaining <= worth THEN
            w := wall_from + floor(remaining * len / day + 0.5);
            RETURN to_timestamp((CASE WHEN w >= wall_close THEN close_at ELSE greatest(from_at, business_instant_ms(w, tz)) END) / 1000.0);
          END IF;
          remaining := remaining - worth;
        END IF;
      END IF;
    END IF;
    closed := closed + 1;
    IF closed > 3660 THEN RAISE EXCEPTION 'Business hours: no working day in the 3660 days after %', start; END IF;
    midnight := midnight + day;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_due_at(kind text, received timestamptz, lead uuid) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
-- firstResponseDueAt (lib/speed/first-response.ts) on the team's calendar: the promise of
-- lib/config/response-promises.ts in business hours, a data request's legal deadline in calendar days (or its
-- extension: replyDueBy), none for a kind promised no answer. tests/integration/clock-sql.test.ts fails when a
-- promise changes in the code and not here (a new migration redefines this function).
DECLARE
  c team_calendar%ROWTYPE;
  target double precision := CASE kind WHEN 'partner' THEN 48 WHEN 'affiliate' THEN 24 WHEN 'agency' THEN 24 WHEN 'contact' THEN 24 WHEN 'trial' THEN 24 END;
BEGIN
  IF kind = 'dataRequest' THEN
    RETURN coalesce((SELECT x.extended_until FROM data_request_checks x WHERE x.request_id = lead), received + 30 * interval '24 hours');
  END IF;
  IF target IS NULL THEN RETURN NULL; END IF;
  -- No row until the admins save theirs: defaultTeamCalendar (lib/speed/first-response.ts), Monday to Friday 09:00-17:00 UTC.
  SELECT * INTO c FROM team_calendar WHERE id;
  RETURN business_due_at(received, target, coalesce(c.time_zone, 'UTC'),
    coalesce(c.hours, '{"mon":{"open":"09:00","close":"17:00"},"tue":{"open":"09:00","close":"17:00"},"wed":{"open":"09:00","close":"17:00"},"thu":{"open":"09:00","close":"17:00"},"fri":{"open":"09:00","close":"17:00"}}'), c.holidays);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_index_clock() RETURNS trigger LANGUAGE plpgsql AS $$
-- Before a lead_index row is written: its due time (none while it is held as spam; computed when it arrives,
-- when it is released from spam, or when its arrival time changes) and its answer (our first reply from its
-- page stops the clock; the first answer stays the answer).
BEGIN
  NEW.answered_at := least(NEW.answered_at, NEW.first_reply_at);
  IF NEW.status = 'spam' THEN
    NEW.due_at := NULL;
  ELSIF TG_OP = 'INSERT' OR OLD.status = 'spam' OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    NEW.due_at := lead_due_at(NEW.lead_type, NEW.created_at, NEW.lead_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lead_index_clock" BEFORE INSERT OR UPDATE OF status, created_at, first_reply_at ON "lead_index" FOR EACH ROW EXECUTE FUNCTION lead_index_clock();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_index_history() RETURNS trigger LANGUAGE plpgsql AS $$
-- When staff first changed a lead's status (the insights' time to the first change), and a change marked as
-- answered elsewhere stops the first-response clock.
BEGIN
  UPDATE lead_index SET first_changed_at = least(first_changed_at, NEW.created_at),
    answered_at = CASE WHEN NEW.answered THEN least(answered_at, NEW.created_at) ELSE answered_at END
  WHERE lead_type = NEW.lead_type AND lead_id = NEW.lead_id
    AND (first_changed_at IS NULL OR first_changed_at > NEW.created_at OR (NEW.answered AND (answered_at IS NULL OR answered_at > NEW.created_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION data_request_checks_clock() RETURNS trigger LANGUAGE plpgsql AS $$
-- A data request's deadline extended (or the extension taken back): its due time follows.
BEGIN
  UPDATE lead_index SET due_at = lead_due_at('dataRequest', created_at, lead_id)
  WHERE lead_type = 'dataRequest' AND lead_id = NEW.request_id AND status <> 'spam'
    AND due_at IS DISTINCT FROM lead_due_at('dataRequest', created_at, lead_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "data_request_checks_clock" AFTER INSERT OR UPDATE OF extended_until ON "data_request_checks" FOR EACH ROW EXECUTE FUNCTION data_request_checks_clock();
--> statement-breakpoint
-- Every lead already stored, in one statement (before the indexes below: faster on a large table). Spam has
-- no due time; our first reply is the answer (nothing was marked as answered elsewhere before this).
UPDATE "lead_index" SET due_at = CASE WHEN status <> 'spam' THEN lead_due_at(lead_type, created_at, lead_id) END, answered_at = first_reply_at
WHERE (status <> 'spam' AND lead_type IN ('partner', 'affiliate', 'agency', 'contact', 'trial', 'dataRequest')) OR first_reply_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "lead_index_due_idx" ON "lead_index" USING btree ("due_at","lead_id") WHERE "lead_index"."status" in ('new', 'contacted', 'qualified') and "lead_index"."answered_at" is null and "lead_index"."due_at" is not null;
--> statement-breakpoint
CREATE INDEX "lead_index_mine_idx" ON "lead_index" USING btree ("owner_id",("answered_at" is not null),coalesce("due_at", 'infinity'::timestamptz),"lead_id") WHERE "lead_index"."status" in ('new', 'contacted', 'qualified');
--> statement-breakpoint
ANALYZE "lead_index";
