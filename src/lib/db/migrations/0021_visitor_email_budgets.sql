ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_status_check";--> statement-breakpoint
DROP INDEX "notification_outbox_visitor_recent_idx";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "network_key" text;--> statement-breakpoint
CREATE INDEX "notification_outbox_network_recent_idx" ON "notification_outbox" USING btree ("network_key","created_at") WHERE "notification_outbox"."network_key" is not null and "notification_outbox"."status" <> 'limited';--> statement-breakpoint
CREATE INDEX "notification_outbox_visitor_recent_idx" ON "notification_outbox" USING btree ("created_at") WHERE "notification_outbox"."recipient_key" is not null and "notification_outbox"."status" <> 'limited';--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_status_check" CHECK ("notification_outbox"."status" in ('pending', 'sent', 'failed', 'cancelled', 'limited'));