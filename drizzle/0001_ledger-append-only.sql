-- Invariant 7 (docs/product.md §10): the wallet ledger is append-only. A correction is a new row
-- (deposit or withdrawal), never an edit, so balance = sum(amount) can always be re-checked.
-- Maintenance that truly must rewrite history has to disable the trigger explicitly, as a superuser.
CREATE FUNCTION "wallet_transactions_reject_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_transactions is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "wallet_transactions"
  FOR EACH ROW EXECUTE FUNCTION "wallet_transactions_reject_change"();
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_no_truncate"
  BEFORE TRUNCATE ON "wallet_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_transactions_reject_change"();
