CREATE TABLE "imap_mailboxes" (
	"mailbox" text PRIMARY KEY NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint,
	"holder" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
