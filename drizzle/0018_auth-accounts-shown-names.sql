-- A shown name is the username apart from letter case (docs/decisions/067). Names set before
-- that rule (another fan's username, "Admin Team", invisible characters) are put back to the
-- username; an account without a username shows no name of its own.
UPDATE "user"
SET display_username = username
WHERE display_username IS NOT NULL
  AND (username IS NULL OR lower(display_username) <> username);
--> statement-breakpoint
-- No picture address is ours (avatars are drawn from the username in the browser).
UPDATE "user" SET image = NULL WHERE image IS NOT NULL;
