-- Deadline reminders sent, one row per tournament, window (24 or 2 hours) and fan, written with
-- the outbox row of the reminder so concurrent scans never send one twice (docs/decisions/101).
CREATE TABLE "deadline_reminders" (
	"tournament_id" uuid NOT NULL,
	"window_hours" smallint NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_reminders_tournament_id_window_hours_user_id_pk" PRIMARY KEY("tournament_id","window_hours","user_id"),
	CONSTRAINT "deadline_reminders_window_known" CHECK ("deadline_reminders"."window_hours" in (24, 2))
);
--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;