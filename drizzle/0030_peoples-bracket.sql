-- The People's Bracket, computed once per tournament after betting closes and kept (docs/decisions/096).
-- last_bet_at: the newest bet the computation saw; a later bet makes the row stale.
CREATE TABLE "tournament_popularity" (
	"tournament_id" uuid PRIMARY KEY NOT NULL,
	"last_bet_at" timestamp with time zone,
	"bracket_count" integer NOT NULL,
	"body" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_popularity" ADD CONSTRAINT "tournament_popularity_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;