ALTER TABLE "deadline_reminders" ADD COLUMN "contest" "contest" DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_sweeps" ADD COLUMN "contest" "contest" DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "deadline_reminders" DROP CONSTRAINT "deadline_reminders_tournament_id_window_hours_user_id_pk";--> statement-breakpoint
ALTER TABLE "reminder_sweeps" DROP CONSTRAINT "reminder_sweeps_tournament_id_window_hours_pk";--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_tournament_id_contest_window_hours_user_id_pk" PRIMARY KEY("tournament_id","contest","window_hours","user_id");--> statement-breakpoint
ALTER TABLE "reminder_sweeps" ADD CONSTRAINT "reminder_sweeps_tournament_id_contest_window_hours_pk" PRIMARY KEY("tournament_id","contest","window_hours");
