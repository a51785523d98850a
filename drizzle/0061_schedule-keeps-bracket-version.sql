-- The order of play (docs/decisions/141): a match's start time and court say nothing about the
-- bracket, so setting them must not move the tournament's bracket version (drizzle/0013), which
-- would make every process reload the bracket and every bet validated meanwhile try again. The
-- trigger now fires on the columns that make the bracket only (updated_at moves with any update).
DROP TRIGGER "matches_bump_bracket_version" ON "matches";
--> statement-breakpoint
CREATE TRIGGER "matches_bump_bracket_version"
  AFTER INSERT OR DELETE OR UPDATE OF "tournament_id", "team1_id", "team2_id", "round", "match_number", "winner_team_id", "sets"
  ON "matches"
  FOR EACH ROW EXECUTE FUNCTION "bump_bracket_version"();
