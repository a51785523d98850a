-- place_bet: the money part of placing a bet in ONE round trip (docs/architecture.md §3;
-- docs/decisions/040). The bracket itself is validated in TypeScript before the call.
--
-- Returns one row (result, bet_id, balance, bet_created_at). result is one of
--   ok                  bet, prediction and bet_placed ledger row written; balance is the new one
--   not_found           no such tournament
--   betting_closed      status is not 'upcoming' or the deadline has passed (database clock)
--   fee_changed         p_fee is not the tournament's entry fee any more (the admin changed it)
--   already_bet         the user has a bet on this tournament
--   insufficient_funds  balance < fee (balance returned)
--   no_wallet           the user has no wallet
-- Anything else (a bad mvp id, a broken constraint) raises, and nothing is written.
--
-- Concurrency: the tournament row is share-locked first, so a status change (start, cancel,
-- settle) waits for bets in flight and every later bet sees it: no bet can slip in after a
-- cancellation has refunded the others. The wallet row is locked next by the conditional debit,
-- so one user's bets run one after the other and can never overspend. The unique index
-- (user_id, tournament_id) is the last guard: its violation rolls back this call's debit and
-- inserts (the exception block is a subtransaction) and answers already_bet.
-- Lock order for any other money path: tournament row first, then wallet rows.
CREATE FUNCTION "place_bet"(
  p_user_id text,
  p_tournament_id uuid,
  p_fee integer,
  p_picks jsonb,
  p_mvp_player_id uuid,
  p_description text DEFAULT NULL,
  OUT result text,
  OUT bet_id uuid,
  OUT balance integer,
  OUT bet_created_at timestamptz
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_status "tournament_status";
  v_deadline timestamptz;
  v_config jsonb;
  v_name text;
  v_wallet_id uuid;
  v_constraint text;
BEGIN
  IF p_fee IS NULL OR p_fee <= 0 THEN
    RAISE EXCEPTION 'place_bet: fee must be a positive number of coins' USING ERRCODE = '22023';
  END IF;
  IF p_picks IS NULL OR jsonb_typeof(p_picks) <> 'array' THEN
    RAISE EXCEPTION 'place_bet: picks must be a JSON array' USING ERRCODE = '22023';
  END IF;

  SELECT t.status, t.betting_deadline, t.prize_pool_config, t.name
    INTO v_status, v_deadline, v_config, v_name
    FROM "tournaments" t
   WHERE t.id = p_tournament_id
     FOR SHARE;
  IF NOT FOUND THEN
    result := 'not_found';
    RETURN;
  END IF;
  -- clock_timestamp(), not now(): the time of the check, even inside a longer transaction.
  IF v_status <> 'upcoming' OR clock_timestamp() >= v_deadline THEN
    result := 'betting_closed';
    RETURN;
  END IF;
  IF p_fee <> COALESCE((v_config ->> 'entry_fee')::numeric, 50) THEN
    result := 'fee_changed';
    RETURN;
  END IF;

  BEGIN
    UPDATE "wallets" w
       SET balance = w.balance - p_fee, updated_at = now()
     WHERE w.user_id = p_user_id AND w.balance >= p_fee
    RETURNING w.id, w.balance INTO v_wallet_id, balance;

    IF NOT FOUND THEN
      IF EXISTS (
        SELECT 1 FROM "bets" b WHERE b.user_id = p_user_id AND b.tournament_id = p_tournament_id
      ) THEN
        result := 'already_bet';
        balance := NULL;
      ELSE
        SELECT w.balance INTO balance FROM "wallets" w WHERE w.user_id = p_user_id;
        result := CASE WHEN FOUND THEN 'insufficient_funds' ELSE 'no_wallet' END;
      END IF;
      RETURN;
    END IF;

    INSERT INTO "bets" (user_id, tournament_id, amount)
    VALUES (p_user_id, p_tournament_id, p_fee)
    RETURNING "bets".id, "bets".created_at INTO bet_id, bet_created_at;

    INSERT INTO "predictions" (bet_id, user_id, tournament_id, picks, mvp_player_id)
    VALUES (bet_id, p_user_id, p_tournament_id, p_picks, p_mvp_player_id);

    INSERT INTO "wallet_transactions" (wallet_id, type, amount, description, related_bet_id)
    VALUES (
      v_wallet_id,
      'bet_placed',
      -p_fee,
      COALESCE(p_description, 'Entry fee: ' || v_name),
      bet_id
    );

    result := 'ok';
  EXCEPTION WHEN unique_violation THEN
    GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
    IF v_constraint IN ('bets_user_tournament_unique', 'predictions_user_tournament_unique') THEN
      -- The block's debit and inserts are rolled back; variables are not, so clear them.
      result := 'already_bet';
      bet_id := NULL;
      balance := NULL;
      bet_created_at := NULL;
    ELSE
      RAISE;
    END IF;
  END;
END;
$$;
