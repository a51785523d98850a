-- Issue #7, decision 043 (addendum): leaderboard_ranks holds one row per distinct balance instead
-- of one per user. Its rows are derived (rebuilt every few seconds), so the table is replaced, and
-- the snapshot removed so that the first read after the migration rebuilds both.
DROP TABLE "leaderboard_ranks";--> statement-breakpoint
CREATE TABLE "leaderboard_ranks" (
	"total_coins" integer PRIMARY KEY NOT NULL,
	"rank_position" integer NOT NULL,
	"players" integer NOT NULL
);--> statement-breakpoint
DELETE FROM "leaderboard_snapshot";
