CREATE TYPE "public"."bet_status" AS ENUM('active', 'won', 'lost', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."match_round" AS ENUM('round16', 'quarterfinal', 'semifinal', 'final');--> statement-breakpoint
CREATE TYPE "public"."settlement_state" AS ENUM('in_progress', 'completed');--> statement-breakpoint
CREATE TYPE "public"."tournament_status" AS ENUM('upcoming', 'active', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('deposit', 'welcome_bonus', 'bet_placed', 'bet_won', 'bet_lost', 'bet_refund', 'withdrawal');--> statement-breakpoint
CREATE TABLE "bets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tournament_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" "bet_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bets_amount_positive" CHECK ("bets"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"team1_id" uuid,
	"team2_id" uuid,
	"round" "match_round" NOT NULL,
	"match_number" integer NOT NULL,
	"winner_team_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_match_number_positive" CHECK ("matches"."match_number" >= 1),
	CONSTRAINT "matches_distinct_teams" CHECK ("matches"."team1_id" IS NULL OR "matches"."team2_id" IS NULL OR "matches"."team1_id" <> "matches"."team2_id"),
	CONSTRAINT "matches_winner_is_a_team" CHECK ("matches"."winner_team_id" IS NULL OR "matches"."winner_team_id" = "matches"."team1_id" OR "matches"."winner_team_id" = "matches"."team2_id")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"ranking" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"titles_won" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_counts_non_negative" CHECK ("players"."ranking" >= 0 AND "players"."wins" >= 0 AND "players"."losses" >= 0 AND "players"."titles_won" >= 0)
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bet_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"tournament_id" uuid NOT NULL,
	"picks" jsonb NOT NULL,
	"mvp_player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "predictions_bet_id_unique" UNIQUE("bet_id"),
	CONSTRAINT "predictions_picks_is_array" CHECK (jsonb_typeof("predictions"."picks") = 'array')
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"player1_id" uuid NOT NULL,
	"player2_id" uuid NOT NULL,
	"ranking" integer DEFAULT 0 NOT NULL,
	"seed" smallint,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"titles_won" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_distinct_players" CHECK ("teams"."player1_id" <> "teams"."player2_id"),
	CONSTRAINT "teams_seed_range" CHECK ("teams"."seed" IS NULL OR "teams"."seed" BETWEEN 1 AND 16),
	CONSTRAINT "teams_counts_non_negative" CHECK ("teams"."ranking" >= 0 AND "teams"."wins" >= 0 AND "teams"."losses" >= 0 AND "teams"."titles_won" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tournament_settlements" (
	"tournament_id" uuid NOT NULL,
	"state" "settlement_state" DEFAULT 'in_progress' NOT NULL,
	"prize_pool" integer NOT NULL,
	"participant_count" integer NOT NULL,
	"total_winners" integer DEFAULT 0 NOT NULL,
	"total_paid" integer DEFAULT 0 NOT NULL,
	"tier_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_settlements_pkey" PRIMARY KEY("tournament_id"),
	CONSTRAINT "tournament_settlements_figures_non_negative" CHECK ("tournament_settlements"."prize_pool" >= 0 AND "tournament_settlements"."participant_count" >= 0 AND "tournament_settlements"."total_winners" >= 0 AND "tournament_settlements"."total_paid" >= 0),
	CONSTRAINT "tournament_settlements_paid_within_pool" CHECK ("tournament_settlements"."total_paid" <= "tournament_settlements"."prize_pool"),
	CONSTRAINT "tournament_settlements_completed_has_time" CHECK ("tournament_settlements"."state" <> 'completed' OR "tournament_settlements"."processed_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" "tournament_status" DEFAULT 'upcoming' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"betting_deadline" timestamp with time zone NOT NULL,
	"prize_pool_config" jsonb NOT NULL,
	"mvp_player_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_end_after_start" CHECK ("tournaments"."end_date" > "tournaments"."start_date"),
	CONSTRAINT "tournaments_deadline_not_after_start" CHECK ("tournaments"."betting_deadline" <= "tournaments"."start_date"),
	CONSTRAINT "tournaments_config_is_object" CHECK (jsonb_typeof("tournaments"."prize_pool_config") = 'object')
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"type" "transaction_type" NOT NULL,
	"amount" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"related_bet_id" uuid,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "wallet_transactions_amount_sign" CHECK (("wallet_transactions"."type" IN ('deposit', 'welcome_bonus', 'bet_won', 'bet_refund') AND "wallet_transactions"."amount" > 0)
        OR ("wallet_transactions"."type" IN ('bet_placed', 'withdrawal') AND "wallet_transactions"."amount" < 0)
        OR ("wallet_transactions"."type" = 'bet_lost' AND "wallet_transactions"."amount" = 0)),
	CONSTRAINT "wallet_transactions_bet_types_have_bet" CHECK ("wallet_transactions"."type" NOT IN ('bet_placed', 'bet_won', 'bet_lost', 'bet_refund') OR "wallet_transactions"."related_bet_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_team1_id_teams_id_fk" FOREIGN KEY ("team1_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_team2_id_teams_id_fk" FOREIGN KEY ("team2_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_winner_team_id_teams_id_fk" FOREIGN KEY ("winner_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_mvp_player_id_players_id_fk" FOREIGN KEY ("mvp_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_player1_id_players_id_fk" FOREIGN KEY ("player1_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_player2_id_players_id_fk" FOREIGN KEY ("player2_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_settlements" ADD CONSTRAINT "tournament_settlements_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_mvp_player_id_players_id_fk" FOREIGN KEY ("mvp_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_related_bet_id_bets_id_fk" FOREIGN KEY ("related_bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bets_user_tournament_unique" ON "bets" USING btree ("user_id","tournament_id");--> statement-breakpoint
CREATE INDEX "bets_tournament_id_idx" ON "bets" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_tournament_round_number_unique" ON "matches" USING btree ("tournament_id","round","match_number");--> statement-breakpoint
CREATE INDEX "players_name_idx" ON "players" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "predictions_user_tournament_unique" ON "predictions" USING btree ("user_id","tournament_id");--> statement-breakpoint
CREATE INDEX "predictions_tournament_id_idx" ON "predictions" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "teams_tournament_id_idx" ON "teams" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tournament_seed_unique" ON "teams" USING btree ("tournament_id","seed");--> statement-breakpoint
CREATE INDEX "tournaments_start_date_idx" ON "tournaments" USING btree ("start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_one_welcome_bonus" ON "wallet_transactions" USING btree ("wallet_id") WHERE "wallet_transactions"."type" = 'welcome_bonus';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_one_per_bet_and_type" ON "wallet_transactions" USING btree ("related_bet_id","type") WHERE "wallet_transactions"."related_bet_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_transactions_wallet_created_idx" ON "wallet_transactions" USING btree ("wallet_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallets_balance_idx" ON "wallets" USING btree ("balance");