-- Fans who may have become due a deadline reminder (docs/decisions/101): a user confirmed or
-- unbanned, a user written already confirmed (bulk loads, the first admin), reminders turned
-- back on. After a window's first full pass, the reminder scan looks only at these.
CREATE FUNCTION note_reminder_candidate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reminder_candidates (user_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION note_reminder_candidate_by_preferences() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reminder_candidates (user_id) VALUES (NEW.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_reminder_candidate_on_insert
AFTER INSERT ON "user"
FOR EACH ROW WHEN (NEW.email_verified AND NEW.banned IS NOT TRUE)
EXECUTE FUNCTION note_reminder_candidate();
--> statement-breakpoint
CREATE TRIGGER user_reminder_candidate_on_update
AFTER UPDATE OF email_verified, banned ON "user"
FOR EACH ROW WHEN (
  NEW.email_verified AND NEW.banned IS NOT TRUE
  AND (OLD.email_verified IS NOT TRUE OR OLD.banned IS TRUE)
)
EXECUTE FUNCTION note_reminder_candidate();
--> statement-breakpoint
CREATE TRIGGER preferences_reminder_candidate_on_update
AFTER UPDATE OF reminders ON user_preferences
FOR EACH ROW WHEN (NEW.reminders AND NOT OLD.reminders)
EXECUTE FUNCTION note_reminder_candidate_by_preferences();
