-- The Slack channel (SLACK_WEBHOOK_URL, docs/notifications.md): the outbox takes `slack` rows.
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_channel_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_channel_check" CHECK ("notification_outbox"."channel" in ('email', 'webhook', 'ack', 'confirm', 'reply', 'slack'));