// The preferences feature's public entry: a fan's stored preferences, for the calendar's language.
export { getPreferences } from './preferences.service'
