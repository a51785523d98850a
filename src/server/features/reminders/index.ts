// The reminders feature's public entry: the deadline as a fan reads it, shared by other mails.
export { formatDeadline } from './reminder-mail'
