-- Each contest's settlement (docs/product.md §19) has its own notifications and its own cursor:
-- the progress row is keyed by tournament and contest. Rows written so far are the main contest's.
ALTER TABLE "settlement_notification_progress" DROP CONSTRAINT "settlement_notification_progress_pkey";--> statement-breakpoint
ALTER TABLE "settlement_notification_progress" ADD COLUMN "contest" "contest" DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_notification_progress" ADD CONSTRAINT "settlement_notification_progress_pkey" PRIMARY KEY("tournament_id","contest");
