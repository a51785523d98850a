-- change_bet: a fan changes the bracket of their bet, for free, until the deadline, on a
-- tournament whose brackets are changeable (docs/product.md §20, decisions 108 and 109). One
-- statement and one transaction: the checks, the bracket's history and the bet itself. No money
-- moves: the wallet and the ledger are not read or written.
--
-- Answers: ok (with the bet id, the new version number and its time, the bet's amount, status
-- and placing time, unchanged), not_found (no such
-- tournament), not_changeable, betting_closed, no_bet, bracket_changed (the caller validated the
-- picks against another version of the bracket: p_bracket_version null skips the check).
--
-- Lock order, as place_bets: the tournament row FOR SHARE (a status or deadline change waits for
-- the change in flight), then the bet row FOR UPDATE, which queues concurrent changes of the same
-- bet so each reads the version the previous one wrote: versions are numbered without gaps.
-- The deadline is checked after the locks, with clock_timestamp(): a change that waited is judged
-- at the time it writes, by the database clock.
CREATE OR REPLACE FUNCTION "change_bet"(
  p_user_id text,
  p_tournament_id uuid,
  p_picks jsonb,
  p_mvp_player_id uuid,
  p_final_total_games smallint,
  p_bracket_version integer
)
RETURNS TABLE (result text, bet_id uuid, version integer, changed_at timestamptz, amount integer,
               bet_status text, bet_created_at timestamptz)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_tournament record;
  v_bet record;
  v_has_bet boolean;
  v_version integer;
  v_changed_at timestamptz;
BEGIN
  -- A malformed call is the caller's bug, not a refusal: it raises, and nothing is written.
  IF p_picks IS NULL OR jsonb_typeof(p_picks) <> 'array' THEN
    RAISE EXCEPTION 'change_bet: picks must be a JSON array' USING ERRCODE = '22023';
  END IF;

  SELECT t.status, t.betting_deadline, t.bracket_version, t.brackets_changeable
    INTO v_tournament
    FROM "tournaments" t
   WHERE t.id = p_tournament_id
     FOR SHARE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::integer, NULL::timestamptz, NULL::integer,
                        NULL::text, NULL::timestamptz;
    RETURN;
  END IF;

  SELECT b.id, b.status, b.amount, b.picks, b.mvp_player_id, b.final_total_games, b.created_at
    INTO v_bet
    FROM "bets" b
   WHERE b.user_id = p_user_id AND b.tournament_id = p_tournament_id AND b.contest = 'main'
     FOR UPDATE;
  v_has_bet := FOUND;

  IF NOT v_tournament.brackets_changeable THEN
    result := 'not_changeable';
  ELSIF v_tournament.status <> 'upcoming' OR clock_timestamp() >= v_tournament.betting_deadline THEN
    result := 'betting_closed';
  ELSIF NOT v_has_bet THEN
    result := 'no_bet';
  ELSIF v_bet.status <> 'active' THEN
    result := 'betting_closed';
  ELSIF p_bracket_version IS NOT NULL AND p_bracket_version <> v_tournament.bracket_version THEN
    result := 'bracket_changed';
  END IF;
  IF result IS NOT NULL THEN
    RETURN QUERY SELECT result, NULL::uuid, NULL::integer, NULL::timestamptz, NULL::integer,
                        NULL::text, NULL::timestamptz;
    RETURN;
  END IF;

  SELECT max(v.version) INTO v_version FROM "bet_versions" v WHERE v.bet_id = v_bet.id;
  IF v_version IS NULL THEN
    -- The first change keeps the bracket as placed as version 1, at the time it was placed
    -- (decision 109): a bet never changed needs no history row.
    INSERT INTO "bet_versions" (bet_id, version, picks, mvp_player_id, final_total_games, created_at)
    VALUES (v_bet.id, 1, coalesce(v_bet.picks, '[]'::jsonb), v_bet.mvp_player_id,
            v_bet.final_total_games, v_bet.created_at);
    v_version := 1;
  END IF;

  INSERT INTO "bet_versions" (bet_id, version, picks, mvp_player_id, final_total_games, created_at)
  VALUES (v_bet.id, v_version + 1, p_picks, p_mvp_player_id, p_final_total_games, clock_timestamp())
  RETURNING created_at INTO v_changed_at;

  -- The compact codes follow the picks (decision 061), so settlement and standings score the
  -- bracket the fan has now.
  UPDATE "bets" b
     SET picks = p_picks,
         pick_codes = pick_codes_of(p_picks, p_mvp_player_id),
         mvp_player_id = p_mvp_player_id,
         final_total_games = p_final_total_games,
         updated_at = v_changed_at
   WHERE b.id = v_bet.id;

  RETURN QUERY SELECT 'ok'::text, v_bet.id, v_version + 1, v_changed_at, v_bet.amount,
                      v_bet.status::text, v_bet.created_at;
END;
$$;
