ALTER TABLE "notifications" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "league_pot_entries" ADD COLUMN "correct" smallint;--> statement-breakpoint
ALTER TABLE "league_pot_entries" ADD COLUMN "tiebreaker_distance" smallint;