CREATE TABLE "standings_chunks" (
	"tournament_id" uuid NOT NULL,
	"contest" "contest" NOT NULL,
	"chunk" integer NOT NULL,
	"bet_ids" uuid[] NOT NULL,
	CONSTRAINT "standings_chunks_tournament_id_contest_chunk_pk" PRIMARY KEY("tournament_id","contest","chunk")
);
--> statement-breakpoint
ALTER TABLE "standings_chunks" ADD CONSTRAINT "standings_chunks_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;