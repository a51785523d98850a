-- The second chance for fans (docs/product.md, second chance for fans): standings and the
-- People's Bracket per contest, and the cursor of the "second chance is open" announcement.
CREATE TABLE "second_chance_announcements" (
	"tournament_id" uuid PRIMARY KEY NOT NULL,
	"after_created_at" timestamp with time zone,
	"after_bet_id" uuid,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bracket_standings_page_idx";--> statement-breakpoint
ALTER TABLE "tournament_popularity" DROP CONSTRAINT "tournament_popularity_pkey";--> statement-breakpoint
ALTER TABLE "tournament_popularity" ADD COLUMN "contest" "contest" DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_popularity" ADD CONSTRAINT "tournament_popularity_pkey" PRIMARY KEY("tournament_id","contest");--> statement-breakpoint
ALTER TABLE "bracket_standings" ADD COLUMN "contest" "contest" DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "standings_builds" ADD COLUMN "second_chance_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bracket_standings_page_idx" ON "bracket_standings" USING btree ("tournament_id","contest","position");