-- from 0017_auth-sessions-revoked-sessions.sql
-- Issue #14: revocation of the session cache cookie (docs/decisions/066). Every deleted session
-- that had not expired yet (sign-out, password reset or change, ban, "sign out other devices",
-- an operator's DELETE) is recorded in the deleting transaction itself; each server process
-- reads the new rows and stops trusting the cached copies of those sessions.
CREATE TABLE "revoked_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_sessions_revoked_at_idx" ON "revoked_sessions" USING btree ("revoked_at");
--> statement-breakpoint
CREATE FUNCTION "record_revoked_sessions"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO "revoked_sessions" ("session_id", "revoked_at")
  SELECT "id", clock_timestamp() FROM "deleted_sessions" WHERE "expires_at" > now()
  ON CONFLICT ("session_id") DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_revoked" AFTER DELETE ON "session"
REFERENCING OLD TABLE AS "deleted_sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "record_revoked_sessions"();

--> statement-breakpoint
-- from 0018_auth-sessions-reset-links.sql
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
