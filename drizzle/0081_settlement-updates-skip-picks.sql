-- Decision 175: bets.picks is still always a JSON array, but the rule is checked only when picks
-- is written. A CHECK constraint runs on every update of the row, and jsonb_typeof reads the
-- whole value: picks is stored out of line (decision 081), so marking a bet lost or won read
-- its picks back from TOAST — at 200,000 losses half the loss statement's CPU. A trigger on
-- INSERT or UPDATE OF picks checks the same expression (a null passes, as it did) and fails with
-- the same SQLSTATE (23514) and constraint name; its WHEN clause calls the function only for a
-- bad value.
ALTER TABLE "bets" DROP CONSTRAINT "bets_picks_is_array";
--> statement-breakpoint
CREATE FUNCTION "bets_picks_is_array"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'new row for relation "bets" violates check constraint "bets_picks_is_array"'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_picks_is_array', TABLE = 'bets',
          COLUMN = 'picks';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bets_picks_is_array"
  BEFORE INSERT OR UPDATE OF "picks" ON "bets"
  FOR EACH ROW
  WHEN (jsonb_typeof(NEW.picks) <> 'array')
  EXECUTE FUNCTION "bets_picks_is_array"();
