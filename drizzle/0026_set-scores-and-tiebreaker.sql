-- Set scores of a match (checked by the domain before they are written) and the tiebreaker of a
-- bracket: the final's total games, 12-39, null for brackets placed before it was asked.
ALTER TABLE "matches" ADD COLUMN "sets" jsonb;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "final_total_games" smallint;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_sets_is_array" CHECK (jsonb_typeof("matches"."sets") = 'array');--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_final_total_games_range" CHECK ("bets"."final_total_games" IS NULL OR "bets"."final_total_games" BETWEEN 12 AND 39);