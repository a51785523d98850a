-- from 0017_auth-accounts-mail-sends.sql
CREATE TABLE "account_mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_mail_sends_address_sent_idx" ON "account_mail_sends" USING btree ("address_key","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_mail_sends_sent_at_idx" ON "account_mail_sends" USING btree ("sent_at");
--> statement-breakpoint
-- from 0018_auth-accounts-shown-names.sql
-- A shown name is the username apart from letter case (docs/decisions/067). Names set before
-- that rule (another fan's username, "Admin Team", invisible characters) are put back to the
-- username; an account without a username shows no name of its own.
UPDATE "user"
SET display_username = username
WHERE display_username IS NOT NULL
  AND (username IS NULL OR lower(display_username) <> username);
--> statement-breakpoint
-- No picture address is ours (avatars are drawn from the username in the browser).
UPDATE "user" SET image = NULL WHERE image IS NOT NULL;
