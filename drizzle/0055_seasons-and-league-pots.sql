ALTER TYPE "public"."transaction_type" ADD VALUE 'league_stake';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'league_pot_win';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'league_stake_refund';--> statement-breakpoint
CREATE TABLE "season_chunks" (
	"season_id" uuid NOT NULL,
	"chunk" integer NOT NULL,
	"user_ids" text[] NOT NULL,
	CONSTRAINT "season_chunks_season_id_chunk_pk" PRIMARY KEY("season_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "season_fans" (
	"season_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"tournaments" integer NOT NULL,
	"coins_won" bigint NOT NULL,
	"correct" integer NOT NULL,
	CONSTRAINT "season_fans_season_id_user_id_pk" PRIMARY KEY("season_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "season_levels" (
	"season_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"points" integer NOT NULL,
	"tournaments" integer NOT NULL,
	"coins_won" bigint NOT NULL,
	"rank" integer NOT NULL,
	"fans" integer NOT NULL,
	CONSTRAINT "season_levels_pkey" PRIMARY KEY("season_id","step","points","tournaments","coins_won")
);
--> statement-breakpoint
CREATE TABLE "season_points" (
	"season_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"tournament_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"points" smallint NOT NULL,
	"correct" smallint,
	"second_chance_correct" smallint,
	"tier" text,
	"coins_won" integer NOT NULL,
	CONSTRAINT "season_points_season_id_user_id_tournament_id_pk" PRIMARY KEY("season_id","user_id","tournament_id")
);
--> statement-breakpoint
CREATE TABLE "season_tournaments" (
	"tournament_id" uuid PRIMARY KEY NOT NULL,
	"season_id" uuid NOT NULL,
	"step" integer,
	"counted_at" timestamp with time zone,
	"entrants" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_tournaments_counted_has_step" CHECK (("season_tournaments"."step" IS NULL) = ("season_tournaments"."counted_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recap_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_days_in_order" CHECK ("seasons"."ends_on" >= "seasons"."starts_on"),
	CONSTRAINT "seasons_counts_non_negative" CHECK ("seasons"."steps" >= 0 AND "seasons"."fans" >= 0)
);
--> statement-breakpoint
CREATE TABLE "league_pot_entries" (
	"league_id" uuid NOT NULL,
	"tournament_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"bet_id" uuid NOT NULL,
	"stake" integer NOT NULL,
	"payout" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_pot_entries_pkey" PRIMARY KEY("league_id","tournament_id","user_id"),
	CONSTRAINT "league_pot_entries_payout_non_negative" CHECK ("league_pot_entries"."payout" IS NULL OR "league_pot_entries"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "league_pots" (
	"league_id" uuid NOT NULL,
	"tournament_id" uuid NOT NULL,
	"stake" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"refund_reason" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_pots_pkey" PRIMARY KEY("league_id","tournament_id"),
	CONSTRAINT "league_pots_stake_range" CHECK ("league_pots"."stake" between 1 and 1000),
	CONSTRAINT "league_pots_state_known" CHECK ("league_pots"."state" in ('open', 'paid', 'refunded')),
	CONSTRAINT "league_pots_entries_non_negative" CHECK ("league_pots"."entries" >= 0),
	CONSTRAINT "league_pots_closed_has_time" CHECK (("league_pots"."state" = 'open') = ("league_pots"."closed_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_amount_sign";--> statement-breakpoint
ALTER TABLE "season_tournaments" ADD CONSTRAINT "season_tournaments_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_tournaments" ADD CONSTRAINT "season_tournaments_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_pot_entries" ADD CONSTRAINT "league_pot_entries_pot_fk" FOREIGN KEY ("league_id","tournament_id") REFERENCES "public"."league_pots"("league_id","tournament_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_pots" ADD CONSTRAINT "league_pots_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "season_tournaments_step_unique" ON "season_tournaments" USING btree ("season_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_name_unique" ON "seasons" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "league_pot_entries_user_idx" ON "league_pot_entries" USING btree ("user_id","tournament_id");--> statement-breakpoint
CREATE INDEX "league_pots_open_idx" ON "league_pots" USING btree ("tournament_id") WHERE "league_pots"."state" = 'open';--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_pot_types_have_key" CHECK ("wallet_transactions"."type"::text NOT IN ('league_stake', 'league_pot_win', 'league_stake_refund') OR "wallet_transactions"."idempotency_key" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_amount_sign" CHECK (("wallet_transactions"."type"::text IN ('deposit', 'welcome_bonus', 'bet_won', 'bet_refund', 'league_pot_win', 'league_stake_refund') AND "wallet_transactions"."amount" > 0)
        OR ("wallet_transactions"."type"::text IN ('bet_placed', 'withdrawal', 'league_stake') AND "wallet_transactions"."amount" < 0)
        OR ("wallet_transactions"."type"::text = 'bet_lost' AND "wallet_transactions"."amount" = 0));