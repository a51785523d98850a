-- A fan who turns deadline reminders on for push inside a reminder window still gets that
-- window's reminder (docs/decisions/101, 132): the push switch notes a candidate like the mail
-- switch does. A switch never chosen is on (PUSH_KIND_DEFAULTS), hence the coalesce.
CREATE TRIGGER preferences_push_reminder_candidate_on_update
AFTER UPDATE OF push ON user_preferences
FOR EACH ROW WHEN (
  coalesce((NEW.push ->> 'reminders')::boolean, true)
  AND NOT coalesce((OLD.push ->> 'reminders')::boolean, true)
)
EXECUTE FUNCTION note_reminder_candidate_by_preferences();
