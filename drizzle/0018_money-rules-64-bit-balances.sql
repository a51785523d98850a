ALTER TABLE "leaderboard_ranks" ALTER COLUMN "total_coins" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "leaderboard_snapshot" ALTER COLUMN "top_score" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "balance" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_safe_integer" CHECK ("wallets"."balance" <= 9007199254740991);