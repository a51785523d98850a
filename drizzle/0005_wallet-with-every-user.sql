-- Every account gets its wallet and welcome bonus in the same transaction as its user row, exactly
-- once (docs/product.md §10 invariant 4, §4; docs/decisions/031). A trigger rather than application code:
-- better-auth's after-create hook runs after its transaction has committed, and the admin
-- bootstrap, the demo seed and any future path that inserts a user get the wallet too.
-- The amount is app_settings.welcome_bonus, written at start-up from WELCOME_BONUS; 0 means a
-- wallet without a bonus (the ledger CHECK allows no zero-coin welcome_bonus row).
INSERT INTO "app_settings" ("id", "welcome_bonus") VALUES (1, 1000) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "create_wallet_for_new_user"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_bonus integer;
  v_wallet_id uuid;
BEGIN
  SELECT "welcome_bonus" INTO v_bonus FROM "app_settings" WHERE "id" = 1;
  v_bonus := COALESCE(v_bonus, 1000);
  INSERT INTO "wallets" ("user_id", "balance") VALUES (NEW."id", v_bonus)
    RETURNING "id" INTO v_wallet_id;
  IF v_bonus > 0 THEN
    INSERT INTO "wallet_transactions" ("wallet_id", "type", "amount", "description")
      VALUES (v_wallet_id, 'welcome_bonus', v_bonus, 'Welcome bonus');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_gets_wallet"
  AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION "create_wallet_for_new_user"();
