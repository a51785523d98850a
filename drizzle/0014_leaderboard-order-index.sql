-- Issue #7: the leaderboard's top N in index order, ties included (the older wallet first, then
-- the user id), so no request sorts wallets. With an index on balance alone, every wallet at the
-- same balance as the 10th (at launch: everyone, still at the welcome bonus) was sorted per read.
DROP INDEX "wallets_balance_idx";--> statement-breakpoint
CREATE INDEX "wallets_leaderboard_order_idx" ON "wallets" USING btree ("balance" DESC NULLS FIRST,"created_at","user_id");
