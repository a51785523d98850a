ALTER TABLE "bets" ADD COLUMN "pick_codes" bigint[];--> statement-breakpoint
ALTER TABLE "tournament_settlements" ADD COLUMN "cursor_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_settlements" ADD COLUMN "cursor_bet_id" uuid;