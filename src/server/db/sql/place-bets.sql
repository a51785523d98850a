-- place_bets: a batch of bets in one call and one transaction (decision 080). Each bet is
-- all-or-nothing on its own and gets its own answer row (idx = its 1-based position in p_bets):
-- every condition is checked by a statement (the tournament row, a conditional debit,
-- ON CONFLICT DO NOTHING), never by an error, so one bet's refusal changes nothing for the others
-- and the batch commits whole. Answers: ok, not_found, betting_closed, bracket_changed,
-- fee_changed, already_bet, insufficient_funds (with the balance), no_wallet.
--
-- p_bets is a JSON array of {user_id, tournament_id, fee, picks, mvp_player_id,
-- bracket_version (null: no check), description (null: 'Entry fee: <tournament>')}.
--
-- Lock order, as every other writer of wallets: the batch's tournament rows (FOR SHARE, so a
-- status change waits for bets in flight), then wallets in id order, as settlement locks them. A
-- batch holds many wallet locks at once, so the order is what keeps two batches (or a batch and a
-- settlement chunk) from waiting on each other in a cycle.
CREATE FUNCTION "place_bets"(p_bets jsonb)
RETURNS TABLE (idx integer, result text, bet_id uuid, balance bigint, bet_created_at timestamptz)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_bet record;
  v_balance bigint;
  v_bet_id uuid;
  v_created_at timestamptz;
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
           (e.value ->> 'fee')::integer AS fee,
           e.value -> 'picks' AS picks,
           (e.value ->> 'mvp_player_id')::uuid AS mvp_player_id,
           (e.value ->> 'bracket_version')::integer AS checked_version,
           e.value ->> 'description' AS description,
           t.id IS NOT NULL AS tournament_found,
           t.status, t.betting_deadline, t.prize_pool_config, t.name, t.bracket_version,
           w.id AS wallet_id
      FROM jsonb_array_elements(p_bets) WITH ORDINALITY AS e(value, position)
      LEFT JOIN "tournaments" t ON t.id = (e.value ->> 'tournament_id')::uuid
      LEFT JOIN "wallets" w ON w.user_id = e.value ->> 'user_id'
     ORDER BY w.id NULLS LAST, e.position
  LOOP
    IF NOT v_bet.tournament_found THEN
      RETURN QUERY SELECT v_bet.position, 'not_found'::text, NULL::uuid, NULL::bigint, NULL::timestamptz;
      CONTINUE;
    END IF;
    -- clock_timestamp(), not now(): the time of the check, even late in a long batch.
    IF v_bet.status <> 'upcoming' OR clock_timestamp() >= v_bet.betting_deadline THEN
      RETURN QUERY SELECT v_bet.position, 'betting_closed'::text, NULL::uuid, NULL::bigint, NULL::timestamptz;
      CONTINUE;
    END IF;
    -- The caller validated the picks against a bracket it kept; the bracket has changed since.
    IF v_bet.checked_version IS NOT NULL AND v_bet.checked_version <> v_bet.bracket_version THEN
      RETURN QUERY SELECT v_bet.position, 'bracket_changed'::text, NULL::uuid, NULL::bigint, NULL::timestamptz;
      CONTINUE;
    END IF;
    IF v_bet.fee <> COALESCE((v_bet.prize_pool_config ->> 'entry_fee')::numeric, 50) THEN
      RETURN QUERY SELECT v_bet.position, 'fee_changed'::text, NULL::uuid, NULL::bigint, NULL::timestamptz;
      CONTINUE;
    END IF;

    -- The conditional debit: never below zero, whatever else the batch holds for this wallet.
    UPDATE "wallets" w
       SET balance = w.balance - v_bet.fee, updated_at = now()
     WHERE w.id = v_bet.wallet_id AND w.balance >= v_bet.fee
    RETURNING w.balance INTO v_balance;
    IF NOT FOUND THEN
      IF EXISTS (
        SELECT 1 FROM "bets" b
         WHERE b.user_id = v_bet.user_id AND b.tournament_id = v_bet.tournament_id
      ) THEN
        RETURN QUERY SELECT v_bet.position, 'already_bet'::text, NULL::uuid, NULL::bigint, NULL::timestamptz;
      ELSIF v_bet.wallet_id IS NULL THEN
        RETURN QUERY SELECT v_bet.position, 'no_wallet'::text, NULL::uuid, NULL::bigint, NULL::timestamptz;
      ELSE
        SELECT w.balance INTO v_balance FROM "wallets" w WHERE w.id = v_bet.wallet_id;
        RETURN QUERY SELECT v_bet.position, 'insufficient_funds'::text, NULL::uuid, v_balance, NULL::timestamptz;
      END IF;
      CONTINUE;
    END IF;

    -- One bet per fan and tournament (invariant): a bet already there, committed or earlier in
    -- this batch, wins; the debit above is given back, so nothing of this bet stays.
    INSERT INTO "bets" (user_id, tournament_id, amount, pick_codes, picks, mvp_player_id)
    VALUES (
      v_bet.user_id, v_bet.tournament_id, v_bet.fee,
      pick_codes_of(v_bet.picks, v_bet.mvp_player_id), v_bet.picks, v_bet.mvp_player_id
    )
    ON CONFLICT (user_id, tournament_id) DO NOTHING
    RETURNING "bets".id, "bets".created_at INTO v_bet_id, v_created_at;
    IF NOT FOUND THEN
      UPDATE "wallets" w SET balance = w.balance + v_bet.fee WHERE w.id = v_bet.wallet_id;
      RETURN QUERY SELECT v_bet.position, 'already_bet'::text, NULL::uuid, NULL::bigint, NULL::timestamptz;
      CONTINUE;
    END IF;

    INSERT INTO "wallet_transactions" (wallet_id, type, amount, description, related_bet_id)
    VALUES (
      v_bet.wallet_id, 'bet_placed', -v_bet.fee,
      COALESCE(v_bet.description, 'Entry fee: ' || v_bet.name), v_bet_id
    );
    RETURN QUERY SELECT v_bet.position, 'ok'::text, v_bet_id, v_balance, v_created_at;
  END LOOP;
END;
$$;
