-- Decision 150: a second chance that has closed stays closed. Its first quarterfinal result
-- makes its brackets and People's Bracket public; clearing that result again (an admin's
-- correction) must not take entries any more, or a fan could enter a copy of a bracket they read.
-- closed_at is set once, by a trigger in the transaction that writes the result (the admin's
-- routes, the demo data and tests alike), never cleared; every check of the open state reads it.
ALTER TABLE "tournament_contests" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "tournament_contests" c
   SET closed_at = now()
 WHERE c.closed_at IS NULL
   AND EXISTS (
     SELECT 1 FROM "matches" m
      WHERE m.tournament_id = c.tournament_id AND m.round = 'quarterfinal'
        AND m.winner_team_id IS NOT NULL);
--> statement-breakpoint
CREATE FUNCTION "close_contests_on_quarterfinal"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE "tournament_contests"
     SET closed_at = now()
   WHERE tournament_id = NEW.tournament_id AND closed_at IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "matches_close_contests_on_quarterfinal"
  AFTER INSERT OR UPDATE OF "winner_team_id", "round", "tournament_id" ON "matches"
  FOR EACH ROW
  WHEN (NEW.round = 'quarterfinal' AND NEW.winner_team_id IS NOT NULL)
  EXECUTE FUNCTION "close_contests_on_quarterfinal"();
--> statement-breakpoint
-- place_bets as in 0037, asking closed_at instead of today's quarterfinal results.
-- Its source: src/server/db/sql/place-bets.sql.
-- place_bets: a batch of bets in one call and one transaction (decision 080). Each bet is
-- all-or-nothing on its own and gets its own answer row (idx = its 1-based position in p_bets):
-- every condition is checked by a statement (the tournament row, a conditional debit,
-- ON CONFLICT DO NOTHING), never by an error, so one bet's refusal changes nothing for the others
-- and the batch commits whole. Answers: ok, not_found, betting_closed, bracket_changed,
-- fee_changed, already_bet, insufficient_funds (with the balance), no_wallet.
--
-- p_bets is a JSON array of {user_id, tournament_id, contest (null: 'main'), fee, picks,
-- mvp_player_id, final_total_games (the tiebreaker, null: none), bracket_version (null: no
-- check), description (null: 'Entry fee: <tournament>', or 'Second chance entry fee: …')}.
--
-- Each contest has its own rules (docs/product.md §19, decision 110): the main bracket takes bets
-- while the tournament is upcoming and before its deadline, at its prize_pool_config fee; the
-- second chance while its tournament_contests row exists, the tournament is neither completed nor
-- cancelled, it has not closed (closed_at, set by its first quarterfinal result, decision 150)
-- and the clock is before its own deadline, at its own fee. One bet per fan, tournament and
-- contest.
--
-- Each bet is checked and its wallet debited one by one (a debit must see the ones before it in
-- the batch); the rows are then written once for the whole batch: one insert of the bets (its
-- statement trigger runs once), one of the ledger rows.
--
-- Lock order, as every other writer of wallets: the batch's tournament rows (FOR SHARE, so a
-- status change waits for bets in flight), then wallets in id order, as settlement locks them. A
-- batch holds many wallet locks at once, so the order is what keeps two batches (or a batch and a
-- settlement chunk) from waiting on each other in a cycle.
CREATE OR REPLACE FUNCTION "place_bets"(p_bets jsonb)
RETURNS TABLE (idx integer, result text, bet_id uuid, balance bigint, bet_created_at timestamptz)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_bet record;
  v_balance bigint;
  v_key text;
  v_debited text[] := '{}';
  -- The bets debited so far, written together after the loop.
  d_position integer[] := '{}';
  d_user text[] := '{}';
  d_tournament uuid[] := '{}';
  d_contest contest[] := '{}';
  d_fee integer[] := '{}';
  d_picks jsonb[] := '{}';
  d_mvp uuid[] := '{}';
  d_final_total_games smallint[] := '{}';
  d_wallet uuid[] := '{}';
  d_balance bigint[] := '{}';
  d_description text[] := '{}';
  -- The bets refused in the loop, with their answers.
  r_position integer[] := '{}';
  r_result text[] := '{}';
  r_balance bigint[] := '{}';
BEGIN
  -- A malformed batch is the caller's bug, not a refusal: it raises, and nothing is written.
  IF p_bets IS NULL OR jsonb_typeof(p_bets) <> 'array' THEN
    RAISE EXCEPTION 'place_bets: the batch must be a JSON array' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_bets) e
     WHERE coalesce((e.value ->> 'fee')::integer, 0) <= 0
        OR coalesce(jsonb_typeof(e.value -> 'picks'), '') <> 'array'
  ) THEN
    RAISE EXCEPTION 'place_bets: every fee must be a positive number of coins and every picks a JSON array'
      USING ERRCODE = '22023';
  END IF;

  PERFORM 1
     FROM "tournaments" t
    WHERE t.id IN (SELECT (e.value ->> 'tournament_id')::uuid FROM jsonb_array_elements(p_bets) e)
    ORDER BY t.id
      FOR SHARE;

  FOR v_bet IN
    SELECT e.position::integer AS position,
           e.value ->> 'user_id' AS user_id,
           (e.value ->> 'tournament_id')::uuid AS tournament_id,
           COALESCE(e.value ->> 'contest', 'main')::contest AS contest,
           (e.value ->> 'fee')::integer AS fee,
           e.value -> 'picks' AS picks,
           (e.value ->> 'mvp_player_id')::uuid AS mvp_player_id,
           (e.value ->> 'final_total_games')::smallint AS final_total_games,
           (e.value ->> 'bracket_version')::integer AS checked_version,
           e.value ->> 'description' AS description,
           t.id IS NOT NULL AS tournament_found,
           t.status, t.betting_deadline, t.prize_pool_config, t.name, t.bracket_version,
           c.tournament_id IS NOT NULL AS contest_found,
           c.entry_fee AS contest_fee, c.betting_deadline AS contest_deadline,
           -- Set by the first quarterfinal result and never cleared (decision 150): a result
           -- cleared since does not reopen it. The main bracket never asks.
           c.closed_at IS NOT NULL AS is_contest_closed,
           -- A subquery per bet, not a join: the planner guesses 100 rows for the batch and, on
           -- a wallets table without fresh statistics, joined by scanning every wallet.
           (SELECT w.id FROM "wallets" w WHERE w.user_id = e.value ->> 'user_id') AS wallet_id
      FROM jsonb_array_elements(p_bets) WITH ORDINALITY AS e(value, position)
      LEFT JOIN "tournaments" t ON t.id = (e.value ->> 'tournament_id')::uuid
      LEFT JOIN "tournament_contests" c
        ON c.tournament_id = t.id AND c.contest = COALESCE(e.value ->> 'contest', 'main')::contest
     ORDER BY wallet_id NULLS LAST, e.position
  LOOP
    v_balance := NULL;
    v_key := v_bet.user_id || '/' || v_bet.tournament_id || '/' || v_bet.contest;
    IF NOT v_bet.tournament_found THEN
      result := 'not_found';
    -- clock_timestamp(), not now(): the time of the check, even late in a long batch.
    ELSIF v_bet.contest = 'main'
      AND (v_bet.status <> 'upcoming' OR clock_timestamp() >= v_bet.betting_deadline) THEN
      result := 'betting_closed';
    ELSIF v_bet.contest <> 'main'
      AND (NOT v_bet.contest_found OR v_bet.status IN ('completed', 'cancelled')
           OR v_bet.is_contest_closed OR clock_timestamp() >= v_bet.contest_deadline) THEN
      result := 'betting_closed';
    -- The caller validated the picks against a bracket it kept; the bracket has changed since.
    ELSIF v_bet.checked_version IS NOT NULL AND v_bet.checked_version <> v_bet.bracket_version THEN
      result := 'bracket_changed';
    -- In parentheses: PL/pgSQL would end the condition at the CASE's own THEN.
    ELSIF v_bet.fee <> (CASE WHEN v_bet.contest = 'main'
                             THEN COALESCE((v_bet.prize_pool_config ->> 'entry_fee')::numeric, 50)
                             ELSE v_bet.contest_fee END) THEN
      result := 'fee_changed';
    -- The same fan, tournament and contest earlier in this batch: one bet per fan and contest.
    ELSIF v_key = ANY (v_debited) THEN
      result := 'already_bet';
    ELSE
      -- The conditional debit: never below zero, whatever else the batch holds for this wallet.
      UPDATE "wallets" w
         SET balance = w.balance - v_bet.fee, updated_at = now()
       WHERE w.id = v_bet.wallet_id AND w.balance >= v_bet.fee
      RETURNING w.balance INTO v_balance;
      IF FOUND THEN
        v_debited := array_append(v_debited, v_key);
        d_position := array_append(d_position, v_bet.position);
        d_user := array_append(d_user, v_bet.user_id);
        d_tournament := array_append(d_tournament, v_bet.tournament_id);
        d_contest := array_append(d_contest, v_bet.contest);
        d_fee := array_append(d_fee, v_bet.fee);
        d_picks := array_append(d_picks, v_bet.picks);
        d_mvp := array_append(d_mvp, v_bet.mvp_player_id);
        d_final_total_games := array_append(d_final_total_games, v_bet.final_total_games);
        d_wallet := array_append(d_wallet, v_bet.wallet_id);
        d_balance := array_append(d_balance, v_balance);
        d_description := array_append(
          d_description, COALESCE(
            v_bet.description,
            CASE WHEN v_bet.contest = 'main' THEN 'Entry fee: ' ELSE 'Second chance entry fee: ' END
              || v_bet.name)
        );
        CONTINUE;
      ELSIF EXISTS (
        SELECT 1 FROM "bets" b
         WHERE b.user_id = v_bet.user_id AND b.tournament_id = v_bet.tournament_id
           AND b.contest = v_bet.contest
      ) THEN
        result := 'already_bet';
      ELSIF v_bet.wallet_id IS NULL THEN
        result := 'no_wallet';
      ELSE
        SELECT w.balance INTO v_balance FROM "wallets" w WHERE w.id = v_bet.wallet_id;
        result := 'insufficient_funds';
      END IF;
    END IF;
    r_position := array_append(r_position, v_bet.position);
    r_result := array_append(r_result, result);
    r_balance := array_append(r_balance, v_balance);
  END LOOP;

  -- One bet per fan, tournament and contest (invariant): a bet already there (committed, or by a batch
  -- that committed while this one waited for the key) wins, and this bet's debit is given back,
  -- so nothing of it stays. Data-modifying CTEs all run, referenced or not.
  RETURN QUERY
  WITH debited AS (
    SELECT *
      FROM unnest(d_position, d_user, d_tournament, d_contest, d_fee, d_picks, d_mvp,
                  d_final_total_games, d_wallet, d_balance, d_description)
        AS d(position, user_id, tournament_id, contest, fee, picks, mvp_player_id,
             final_total_games, wallet_id, balance, description)
  ), placed AS (
    INSERT INTO "bets" (user_id, tournament_id, contest, amount, pick_codes, picks,
                        mvp_player_id, final_total_games)
    SELECT d.user_id, d.tournament_id, d.contest, d.fee, pick_codes_of(d.picks, d.mvp_player_id),
           d.picks, d.mvp_player_id, d.final_total_games
      FROM debited d
     ORDER BY d.position
    ON CONFLICT (user_id, tournament_id, contest) DO NOTHING
    RETURNING "bets".id, "bets".user_id, "bets".tournament_id, "bets".contest, "bets".created_at
  ), answered AS (
    SELECT d.*, p.id AS placed_id, p.created_at AS placed_at
      FROM debited d
      LEFT JOIN placed p ON p.user_id = d.user_id AND p.tournament_id = d.tournament_id
                        AND p.contest = d.contest
  ), given_back AS (
    UPDATE "wallets" w
       SET balance = w.balance + g.fees
      FROM (SELECT a.wallet_id, sum(a.fee) AS fees FROM answered a
             WHERE a.placed_id IS NULL GROUP BY a.wallet_id) g
     WHERE w.id = g.wallet_id
  ), ledger AS (
    INSERT INTO "wallet_transactions" (wallet_id, type, amount, description, related_bet_id)
    SELECT a.wallet_id, 'bet_placed', -a.fee, a.description, a.placed_id
      FROM answered a
     WHERE a.placed_id IS NOT NULL
     ORDER BY a.position
  )
  SELECT a.position,
         CASE WHEN a.placed_id IS NULL THEN 'already_bet' ELSE 'ok' END,
         a.placed_id,
         CASE WHEN a.placed_id IS NULL THEN NULL ELSE a.balance END,
         a.placed_at
    FROM answered a
  UNION ALL
  SELECT r.position, r.result, NULL::uuid, r.balance, NULL::timestamptz
    FROM unnest(r_position, r_result, r_balance) AS r(position, result, balance);
END;
$$;
