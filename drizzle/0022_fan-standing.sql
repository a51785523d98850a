-- from 0017_fan-standing-ranked-fans.sql
-- Issue #14, decision 043: the leaderboard ranks only fans who have placed a bet. wallets.has_bet
-- is set by a trigger on bets (every way a bet is written: place_bet, the demo seed, tests, bulk
-- loads) and never unset; the leaderboard's index keeps only those wallets.
DROP INDEX "wallets_leaderboard_order_idx";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "has_bet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One statement-level trigger with the inserted rows as a table: a bulk insert of a million bets
-- runs one UPDATE, not a million. For a fan who has bet before, the UPDATE finds the wallet by its
-- unique user id and writes nothing.
CREATE FUNCTION "mark_wallets_with_bets"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE "wallets" w
     SET has_bet = true
    FROM (SELECT DISTINCT user_id FROM new_bets) n
   WHERE w.user_id = n.user_id AND NOT w.has_bet;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bets_mark_wallets_with_bets"
  AFTER INSERT ON "bets"
  REFERENCING NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION "mark_wallets_with_bets"();
--> statement-breakpoint
UPDATE "wallets" w
   SET has_bet = true
 WHERE EXISTS (SELECT 1 FROM "bets" b WHERE b.user_id = w.user_id);
--> statement-breakpoint
CREATE INDEX "wallets_leaderboard_order_idx" ON "wallets" USING btree ("balance" DESC NULLS FIRST,"created_at","user_id") WHERE "wallets"."has_bet";--> statement-breakpoint
-- The rank table and its totals are derived: dropped, so the first read rebuilds them.
DELETE FROM "leaderboard_snapshot";--> statement-breakpoint
DELETE FROM "leaderboard_ranks";
