-- Issue #17 (decision 102): in-app notifications, written in the transactions of settlement and
-- cancellation; and the mail feeds' cursors. The receipts feed starts at this migration's moment,
-- so rows of the ledger older than it get no receipt.
CREATE TABLE "mail_feeds" (
	"name" text PRIMARY KEY NOT NULL,
	"after_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"tournament_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"mail_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_newest_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_per_tournament" ON "notifications" USING btree ("user_id","tournament_id","kind");--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications" USING btree ("tournament_id","id") WHERE "notifications"."mail_pending";--> statement-breakpoint
INSERT INTO "mail_feeds" ("name", "after_id") VALUES ('receipts', uuid_v7());