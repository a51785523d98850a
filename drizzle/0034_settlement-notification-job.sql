-- Decision 102 (amended): a settlement's notifications are written by a follow-up job after it
-- completes, not inside its chunks. Each carries its bet, unique per kind, so a re-run writes
-- nothing twice. The notices earlier settlements wrote get their bet (one bet per fan and
-- tournament until now), and settlements that ended before this migration count as done; one in
-- progress is walked by the job once it completes, the bets it already told skipped by the key.
CREATE TABLE "settlement_notification_progress" (
	"tournament_id" uuid PRIMARY KEY NOT NULL,
	"after_created_at" timestamp with time zone,
	"after_bet_id" uuid,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "bet_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_bet_kind_unique" ON "notifications" USING btree ("bet_id","kind") WHERE "notifications"."bet_id" is not null;--> statement-breakpoint
UPDATE "notifications" n SET "bet_id" = b."id" FROM "bets" b
 WHERE b."user_id" = n."user_id" AND b."tournament_id" = n."tournament_id"
   AND n."kind" IN ('payout_received', 'tournament_settled');--> statement-breakpoint
INSERT INTO "settlement_notification_progress" ("tournament_id", "done_at")
SELECT "tournament_id", now() FROM "tournament_settlements" WHERE "state"::text IN ('completed', 'cancelled');
