-- Issue #14: a new password (a reset or a change) voids every reset link still outstanding for
-- the account, in the same transaction. better-auth keeps a reset link as a verification row
-- whose value is the user's id (its identifier is hashed, decision 030); e-mail confirmations
-- are signed tokens without a row, so these are the only rows that name a user id.
CREATE FUNCTION "delete_reset_links_on_new_password"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM "verification" WHERE "value" = NEW."user_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "new_password_voids_reset_links" AFTER UPDATE OF "password" ON "account"
FOR EACH ROW WHEN (OLD."password" IS DISTINCT FROM NEW."password")
EXECUTE FUNCTION "delete_reset_links_on_new_password"();
