-- Extra mail headers (List-Unsubscribe, List-Unsubscribe-Post; docs/decisions/100) kept with each
-- outbox row and each local mailbox message; existing rows get none.
ALTER TABLE "mailbox_messages" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Deadline reminders (docs/decisions/101): one row per tournament, window (24 or 2 hours) and fan,
-- written with the outbox row of the reminder so concurrent scans never send one twice; the
-- windows already swept in full; and the fans who may have become due since (filled by the
-- triggers of the next migration).
CREATE TABLE "deadline_reminders" (
	"tournament_id" uuid NOT NULL,
	"window_hours" smallint NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_reminders_tournament_id_window_hours_user_id_pk" PRIMARY KEY("tournament_id","window_hours","user_id"),
	CONSTRAINT "deadline_reminders_window_known" CHECK ("deadline_reminders"."window_hours" in (24, 2))
);
--> statement-breakpoint
CREATE TABLE "reminder_candidates" (
	"user_id" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sweeps" (
	"tournament_id" uuid NOT NULL,
	"window_hours" smallint NOT NULL,
	"swept_from" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_sweeps_tournament_id_window_hours_pk" PRIMARY KEY("tournament_id","window_hours")
);
--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sweeps" ADD CONSTRAINT "reminder_sweeps_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_candidates_changed_at_idx" ON "reminder_candidates" USING btree ("changed_at");