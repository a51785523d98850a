CREATE TABLE "account_mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_mail_sends_address_sent_idx" ON "account_mail_sends" USING btree ("address_key","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_mail_sends_sent_at_idx" ON "account_mail_sends" USING btree ("sent_at");