-- Compact predictions for set-based settlement (docs/decisions/061). bets.pick_codes (next
-- migration; written by place_bet, 0010) holds one 64-bit code per pick, a hash of the match id
-- and the predicted winner id, and one code for the MVP pick. Settlement codes each match with
-- its actual winner, and the actual MVP, the same way and counts a bet's codes among those: its
-- correct picks, without reading a million jsonb predictions.
-- The ids are hashed as text, so codes agree exactly when the domain's string comparison does
-- (src/domain/scoring); a uuid holds no '/', so the joined text is unambiguous, and 'mvp' is
-- never a match id.
CREATE FUNCTION "pick_code"(p_match_id text, p_winner_id text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT hashtextextended(p_match_id || '/' || p_winner_id, 0) $$;
--> statement-breakpoint
CREATE FUNCTION "mvp_pick_code"(p_player_id text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pick_code('mvp', p_player_id) $$;
--> statement-breakpoint
-- The codes of a stored prediction: the first pick per match counts, as in the domain's
-- picksFromEntries; anything that is not an array of picks has no match codes.
CREATE FUNCTION "pick_codes_of"(p_picks jsonb, p_mvp_player_id uuid) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(pick_code(first_pick.match_id, first_pick.winner_id)), '{}')
         || mvp_pick_code(p_mvp_player_id::text)
  FROM (
    SELECT DISTINCT ON (entry.value ->> 'match_id')
           entry.value ->> 'match_id' AS match_id,
           entry.value ->> 'predicted_winner_id' AS winner_id
      FROM jsonb_array_elements(
             CASE WHEN jsonb_typeof(p_picks) = 'array' THEN p_picks ELSE '[]'::jsonb END
           ) WITH ORDINALITY AS entry(value, position)
     WHERE entry.value ->> 'match_id' IS NOT NULL
     ORDER BY entry.value ->> 'match_id', entry.position
  ) AS first_pick
$$;
