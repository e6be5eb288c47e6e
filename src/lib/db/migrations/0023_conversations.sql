CREATE TABLE "lead_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_type" text,
	"lead_id" uuid,
	"direction" text NOT NULL,
	"message_id" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"shown_text" text,
	"raw" text,
	"notices" text[] DEFAULT '{}'::text[] NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" uuid,
	"channel" text,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"form_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_messages_direction_check" CHECK ("lead_messages"."direction" in ('out', 'in')),
	CONSTRAINT "lead_messages_channel_check" CHECK ("lead_messages"."channel" is null or "lead_messages"."channel" in ('imap', 'webhook')),
	CONSTRAINT "lead_messages_lead_check" CHECK (("lead_messages"."lead_type" is null) = ("lead_messages"."lead_id" is null) and ("lead_messages"."direction" = 'in' or "lead_messages"."lead_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "lead_owner_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_type" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"from_owner" uuid,
	"to_owner" uuid,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_snippets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_channel_check";--> statement-breakpoint
DROP INDEX "notification_outbox_one_pending_key";--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "unread_replies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "first_reply_by" uuid;--> statement-breakpoint
ALTER TABLE "lead_index" ADD COLUMN "replies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_author_id_staff_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_owner_history" ADD CONSTRAINT "lead_owner_history_from_owner_staff_users_id_fk" FOREIGN KEY ("from_owner") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_owner_history" ADD CONSTRAINT "lead_owner_history_to_owner_staff_users_id_fk" FOREIGN KEY ("to_owner") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_owner_history" ADD CONSTRAINT "lead_owner_history_changed_by_staff_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_snippets" ADD CONSTRAINT "reply_snippets_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_messages_lead_idx" ON "lead_messages" USING btree ("lead_type","lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_messages_out_message_id_key" ON "lead_messages" USING btree ("message_id") WHERE "lead_messages"."direction" = 'out';--> statement-breakpoint
CREATE UNIQUE INDEX "lead_messages_in_dedupe_key" ON "lead_messages" USING btree ("dedupe_key") WHERE "lead_messages"."direction" = 'in';--> statement-breakpoint
CREATE UNIQUE INDEX "lead_messages_form_token_key" ON "lead_messages" USING btree ("form_token") WHERE "lead_messages"."form_token" is not null;--> statement-breakpoint
CREATE INDEX "lead_messages_unmatched_idx" ON "lead_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "lead_messages"."lead_id" is null;--> statement-breakpoint
CREATE INDEX "lead_owner_history_lead_idx" ON "lead_owner_history" USING btree ("lead_type","lead_id");--> statement-breakpoint
CREATE INDEX "lead_index_unread_idx" ON "lead_index" USING btree ("created_at" DESC NULLS LAST,"lead_id" DESC NULLS LAST) WHERE "lead_index"."unread_replies" > 0;--> statement-breakpoint
CREATE INDEX "lead_index_awaiting_idx" ON "lead_index" USING btree ("created_at" DESC NULLS LAST,"lead_id" DESC NULLS LAST) WHERE "lead_index"."awaiting_since" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_message_pending_key" ON "notification_outbox" USING btree ("message_id") WHERE "notification_outbox"."status" = 'pending' and "notification_outbox"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_one_pending_key" ON "notification_outbox" USING btree ("lead_type","lead_id","channel") WHERE "notification_outbox"."status" = 'pending' and "notification_outbox"."message_id" is null;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_channel_check" CHECK ("notification_outbox"."channel" in ('email', 'webhook', 'ack', 'confirm', 'reply'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_index_messages() RETURNS trigger LANGUAGE plpgsql AS $$
-- Keeps the thread's columns of lead_index in step with lead_messages (lib/db/conversation-schema.ts): the
-- incoming messages nobody has read, since when the last incoming message waits for our answer (the first
-- incoming one after our last reply; null when we had the last word), our first reply (when, by whom) and
-- how many replies we sent. For the lead a row belongs to before and after the change (an unmatched message
-- attached to a lead).
DECLARE
  k text;
  l uuid;
  last_out timestamptz;
  first_at timestamptz;
  first_by uuid;
  n_out int;
  unread int;
  awaiting timestamptz;
BEGIN
  FOR k, l IN
    SELECT DISTINCT x.t, x.i FROM (VALUES (OLD.lead_type, OLD.lead_id), (NEW.lead_type, NEW.lead_id)) AS x(t, i) WHERE x.i IS NOT NULL
  LOOP
    SELECT max(m.created_at), min(m.created_at), count(*)::int INTO last_out, first_at, n_out
      FROM lead_messages m WHERE m.lead_type = k AND m.lead_id = l AND m.direction = 'out';
    first_by := NULL;
    IF n_out > 0 THEN
      SELECT m.author_id INTO first_by FROM lead_messages m
       WHERE m.lead_type = k AND m.lead_id = l AND m.direction = 'out' ORDER BY m.created_at, m.id LIMIT 1;
    END IF;
    SELECT count(*) FILTER (WHERE m.read_at IS NULL)::int, min(m.created_at) FILTER (WHERE m.created_at > coalesce(last_out, '-infinity'))
      INTO unread, awaiting
      FROM lead_messages m WHERE m.lead_type = k AND m.lead_id = l AND m.direction = 'in';
    UPDATE lead_index i SET unread_replies = unread, awaiting_since = awaiting, first_reply_at = first_at, first_reply_by = first_by, replies = n_out
     WHERE i.lead_type = k AND i.lead_id = l
       AND (i.unread_replies, i.awaiting_since, i.first_reply_at, i.first_reply_by, i.replies) IS DISTINCT FROM (unread, awaiting, first_at, first_by, n_out);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lead_messages_lead_index" AFTER INSERT OR UPDATE OR DELETE ON "lead_messages" FOR EACH ROW EXECUTE FUNCTION lead_index_messages();
