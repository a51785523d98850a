-- Tournament standings (docs/decisions/093): one narrow row per bracket with its score, rank and
-- place, rebuilt set-based in the background; and per tournament the digest of the results the
-- standings were built from, so a rebuild cut short by a crash is redone at the next start.
CREATE TABLE "bracket_standings" (
	"bet_id" uuid PRIMARY KEY NOT NULL,
	"tournament_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"rank_position" integer NOT NULL,
	"correct" smallint NOT NULL,
	"max_possible" smallint NOT NULL,
	"tiebreaker_distance" smallint
);
--> statement-breakpoint
CREATE TABLE "standings_builds" (
	"tournament_id" uuid PRIMARY KEY NOT NULL,
	"results_digest" text NOT NULL,
	"entries" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bracket_standings" ADD CONSTRAINT "bracket_standings_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings_builds" ADD CONSTRAINT "standings_builds_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bracket_standings_page_idx" ON "bracket_standings" USING btree ("tournament_id","position");