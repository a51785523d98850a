CREATE TABLE "bet_versions" (
	"bet_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"picks" jsonb NOT NULL,
	"mvp_player_id" uuid,
	"final_total_games" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_versions_bet_id_version_pk" PRIMARY KEY("bet_id","version"),
	CONSTRAINT "bet_versions_version_positive" CHECK ("bet_versions"."version" >= 1),
	CONSTRAINT "bet_versions_picks_is_array" CHECK (jsonb_typeof("bet_versions"."picks") = 'array')
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "brackets_changeable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_versions" ADD CONSTRAINT "bet_versions_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_versions" ADD CONSTRAINT "bet_versions_mvp_player_id_players_id_fk" FOREIGN KEY ("mvp_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decisions 108 and 109: change_bet changes a bet's bracket and keeps every version. Its source:
-- src/server/db/sql/change-bet.sql.
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
   WHERE b.user_id = p_user_id AND b.tournament_id = p_tournament_id
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
