CREATE TABLE "season_recaps" (
	"season_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_recaps_season_id_user_id_pk" PRIMARY KEY("season_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "season_recaps" ADD CONSTRAINT "season_recaps_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;