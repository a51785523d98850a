ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_idempotency_key_unique";--> statement-breakpoint
DROP INDEX "bets_tournament_id_idx";--> statement-breakpoint
DROP INDEX "bets_tournament_live_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_idempotency_key_unique" ON "wallet_transactions" USING btree ("idempotency_key") WHERE "wallet_transactions"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bets_tournament_live_idx" ON "bets" USING btree ("tournament_id","created_at");--> statement-breakpoint
-- Half of each new page of bets stays free (decision 061): settling a bet writes its new version
-- (status won/lost) into that space, a HOT update with no new index entry, since no index holds
-- the status any more. A chunk settles every bet of the pages it reads, so each needs room for
-- all its rows twice. Older pages keep their fill until rewritten (VACUUM FULL / pg_repack).
ALTER TABLE "bets" SET (fillfactor = 50);
