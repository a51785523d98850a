CREATE TABLE "leaderboard_ranks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rank_position" integer NOT NULL,
	"total_coins" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_snapshot" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"total_players" integer NOT NULL,
	"total_coins" bigint NOT NULL,
	"top_score" integer NOT NULL,
	CONSTRAINT "leaderboard_snapshot_single_row" CHECK ("leaderboard_snapshot"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "bets_tournament_live_idx" ON "bets" USING btree ("tournament_id","created_at") WHERE "bets"."status" <> 'refunded';