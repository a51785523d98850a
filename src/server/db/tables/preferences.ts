// A fan's preferences: which mails they want and the language and time zone mail is written in.
// A fan without a row has the defaults (every mail on, English, UTC): rows are written only when a
// fan changes something, so sign-up and the bet path write nothing here.
import { sql } from 'drizzle-orm'
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'
import { user } from '../auth-schema'

export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    reminders: boolean('reminders').notNull().default(true),
    results: boolean('results').notNull().default(true),
    leagueNudges: boolean('league_nudges').notNull().default(true),
    locale: text('locale').notNull().default('en'),
    /** An IANA zone name such as Europe/Madrid, from the fan's browser; null = UTC. */
    timeZone: text('time_zone'),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_preferences_locale_known', sql`${t.locale} in ('en', 'es')`)],
)
