DROP TABLE "season_chunks" CASCADE;--> statement-breakpoint
CREATE INDEX "season_fans_order_idx" ON "season_fans" USING btree ("season_id","points","tournaments","coins_won","user_id" collate "C");--> statement-breakpoint
CREATE INDEX "season_levels_rank_idx" ON "season_levels" USING btree ("season_id","step","rank");--> statement-breakpoint
CREATE INDEX "season_points_step_idx" ON "season_points" USING btree ("season_id","step");