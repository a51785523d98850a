ALTER TYPE "public"."settlement_state" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "tournament_settlements" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_settlements" ADD COLUMN "stop_reason" text;