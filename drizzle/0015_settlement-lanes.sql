-- Issue #7, decision 064: a settlement pays its bets in lanes, contiguous runs of the active
-- bets in (created_at, id) order, side by side, each with its own cursor. The settlement's one
-- cursor becomes lane 0's, with no end, so a settlement in progress resumes as one lane.
ALTER TABLE "tournament_settlements" ADD COLUMN "lane_cursor_created_at" timestamp with time zone[] DEFAULT '{NULL}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_settlements" ADD COLUMN "lane_cursor_bet_id" uuid[] DEFAULT '{NULL}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_settlements" ADD COLUMN "lane_end_created_at" timestamp with time zone[] DEFAULT '{NULL}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_settlements" ADD COLUMN "lane_end_bet_id" uuid[] DEFAULT '{NULL}' NOT NULL;--> statement-breakpoint
UPDATE "tournament_settlements"
   SET "lane_cursor_created_at" = ARRAY["cursor_created_at"],
       "lane_cursor_bet_id" = ARRAY["cursor_bet_id"];--> statement-breakpoint
ALTER TABLE "tournament_settlements" DROP COLUMN "cursor_created_at";--> statement-breakpoint
ALTER TABLE "tournament_settlements" DROP COLUMN "cursor_bet_id";