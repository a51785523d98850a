-- from 0017_locale-format-player-short-name.sql
ALTER TABLE "players" ADD COLUMN "short_name" text;