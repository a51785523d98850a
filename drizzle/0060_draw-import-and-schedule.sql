-- Draw import and the order of play (docs/decisions/140, 141): a player's id at the tour, so a
-- re-imported draw finds the same player; a match's start time and court.
ALTER TABLE "matches" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "court" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "players_external_id_unique" ON "players" USING btree ("external_id") WHERE "players"."external_id" IS NOT NULL;