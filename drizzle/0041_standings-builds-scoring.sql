-- The standings move from one row per bracket to chunks of positions (0042) and a build's
-- scoring and levels (docs/decisions/093). Builds are derived: the old ones are dropped, and the
-- refresher's first look after start-up rebuilds every tournament without one.
DROP TABLE "bracket_standings" CASCADE;--> statement-breakpoint
DELETE FROM "standings_builds";--> statement-breakpoint
ALTER TABLE "standings_builds" ADD COLUMN "scoring" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "standings_builds" ADD COLUMN "levels" jsonb NOT NULL;
