ALTER TABLE "results_mail_progress" DROP CONSTRAINT "results_mail_progress_pkey";--> statement-breakpoint
ALTER TABLE "results_mail_progress" ADD COLUMN "contest" "contest" DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "results_mail_progress" ADD CONSTRAINT "results_mail_progress_tournament_contest_pk" PRIMARY KEY("tournament_id","contest");
--> statement-breakpoint
-- Second chances settled before this migration were not mailed their results: they stay unmailed
-- (as 0029 did for the settlements before results mails), rather than mailed long after.
INSERT INTO "results_mail_progress" ("tournament_id", "contest", "done_at")
SELECT "tournament_id", "contest", now() FROM "tournament_settlements"
WHERE "state" = 'completed' AND "contest" = 'second_chance'
ON CONFLICT DO NOTHING;
