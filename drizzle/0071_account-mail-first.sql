-- Decision 152: account mail (confirmation, password reset) is claimed before anything else in
-- the outbox, so a reset never waits behind a wave of reminders or results mails. 0 is account
-- mail, 1 everything else; the due index leads with it, so the claim's order is an index scan.
ALTER TABLE "mail_outbox" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_priority_known" CHECK ("mail_outbox"."priority" in (0, 1));
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("priority","next_attempt_at") WHERE "mail_outbox"."state" = 'pending';
