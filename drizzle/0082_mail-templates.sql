-- Decision 176: a wave of mails that differ only in a few values (a window's deadline reminders)
-- keeps its text and HTML once in mail_templates; each outbox row names the template and carries
-- its own values (fill), and the worker fills them at send time into the same bytes. Rows of
-- every other mail keep their text and HTML as before.
CREATE TABLE "mail_templates" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"text" jsonb NOT NULL,
	"html" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "fill" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_template_id_mail_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."mail_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_body_known" CHECK (("mail_outbox"."template_id" is null and "mail_outbox"."text" is not null and "mail_outbox"."html" is not null)
          or ("mail_outbox"."template_id" is not null and "mail_outbox"."fill" is not null));