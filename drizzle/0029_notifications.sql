-- Issue #17 (decision 102): in-app notifications, written in the transactions of settlement and
-- cancellation; the receipts feed's cursor, which starts at this migration's moment (older ledger
-- rows get no receipt); and the results mails' progress, where settlements completed before this
-- migration count as done (their fans get no late mail).
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
	"coins" integer,
	"tier" text,
	"correct" smallint,
	"total" smallint,
	"prizes_scaled" boolean,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results_mail_progress" (
	"tournament_id" uuid PRIMARY KEY NOT NULL,
	"after_created_at" timestamp with time zone,
	"after_bet_id" uuid,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_user_newest_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "mail_feeds" ("name", "after_id") VALUES ('receipts', uuid_v7());--> statement-breakpoint
INSERT INTO "results_mail_progress" ("tournament_id", "done_at")
SELECT "tournament_id", now() FROM "tournament_settlements" WHERE "state" = 'completed';