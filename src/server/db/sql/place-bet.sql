-- place_bet: one bet, as a batch of one of place_bets (place-bets.sql, decision 080), with the
-- same arguments and answer as before: SQL callers and the benchmark's one-call-per-bet baseline
-- keep working, and both paths check and write exactly the same.
CREATE FUNCTION "place_bet"(
  p_user_id text,
  p_tournament_id uuid,
  p_fee integer,
  p_picks jsonb,
  p_mvp_player_id uuid,
  p_description text DEFAULT NULL,
  p_bracket_version integer DEFAULT NULL,
  OUT result text,
  OUT bet_id uuid,
  OUT balance bigint,
  OUT bet_created_at timestamptz
)
LANGUAGE plpgsql
AS $$
BEGIN
  SELECT answer.result, answer.bet_id, answer.balance, answer.bet_created_at
    INTO result, bet_id, balance, bet_created_at
    FROM place_bets(jsonb_build_array(jsonb_build_object(
      'user_id', p_user_id,
      'tournament_id', p_tournament_id,
      'fee', p_fee,
      'picks', p_picks,
      'mvp_player_id', p_mvp_player_id,
      'description', p_description,
      'bracket_version', p_bracket_version
    ))) AS answer;
END;
$$;
