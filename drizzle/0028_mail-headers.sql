-- Extra mail headers (List-Unsubscribe, List-Unsubscribe-Post; docs/decisions/100) kept with each
-- outbox row and each local mailbox message; existing rows get none.
ALTER TABLE "mailbox_messages" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;