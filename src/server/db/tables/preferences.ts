// A fan's preferences: which mails and pushes they want and the language and time zone mail is written in.
// A fan without a row has the defaults (every mail on, English, UTC): rows are written only when a
// fan changes something, so sign-up and the bet path write nothing here.
import { sql } from 'drizzle-orm'
import { boolean, check, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { PushKind } from '#shared/schemas/preferences'
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
    /**
     * The push switches the fan chose; a kind not named has its default (PUSH_KIND_DEFAULTS), so
     * a new kind needs no migration (decision 132).
     */
    push: jsonb('push').$type<Partial<Record<PushKind, boolean>>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_preferences_locale_known', sql`${t.locale} in ('en', 'es')`)],
)
