// A fan's mail and push preferences, language and time zone (docs/product.md "Mail preferences, unsubscribing and deadline reminders" and §21,
// docs/decisions/100 and 132). A fan without a row has the defaults; a row is written when the
// fan changes something, when sign-up records the language used, and when an unsubscribe link
// turns a kind of mail off.
import { eq, sql } from 'drizzle-orm'
import {
  PUSH_KIND_DEFAULTS,
  PUSH_KINDS,
  type MailKind,
  type Preferences,
  type PushKind,
  type PushPreferences,
  type UpdatePreferences,
} from '#shared/schemas/preferences'
import { rowsOf, type Executor } from '#server/db/client'
import { userPreferences } from '#server/db/schema'

export const DEFAULT_PREFERENCES: Preferences = {
  reminders: true,
  results: true,
  leagueNudges: true,
  locale: 'en',
  timeZone: null,
  push: { ...PUSH_KIND_DEFAULTS },
}

/** The column of each kind of mail, for the SQL of the unsubscribe and the mail scans. */
export const MAIL_KIND_COLUMNS = {
  reminders: 'reminders',
  results: 'results',
  leagueNudges: 'league_nudges',
} as const satisfies Record<MailKind, string>

export async function getPreferences(executor: Executor, userId: string): Promise<Preferences> {
  const [row] = await executor
    .select()
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
  return row ? toPreferences(row) : DEFAULT_PREFERENCES
}

/** Writes the fields given (the others keep their value, or the default for a new row). */
export async function updatePreferences(
  executor: Executor,
  userId: string,
  changes: UpdatePreferences,
): Promise<Preferences> {
  const { push, ...mail } = changes
  // Push switches merge into those chosen before; a kind not named keeps its value.
  const pushSet = push
    ? { push: sql`${userPreferences.push} || ${JSON.stringify(push)}::jsonb` }
    : {}
  const [row] = await executor
    .insert(userPreferences)
    .values({ userId, ...mail, push: push ?? {} })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...mail, ...pushSet } })
    .returning()
  return toPreferences(row!)
}

/**
 * Turns one kind of mail off for the fan (an unsubscribe link; idempotent). False when there is no
 * such fan, so a link of a deleted account changes nothing.
 */
export async function turnMailKindOff(
  executor: Executor,
  userId: string,
  kind: MailKind,
): Promise<boolean> {
  const column = sql.identifier(MAIL_KIND_COLUMNS[kind])
  const result = rowsOf<unknown>(
    await executor.execute(sql`
    insert into user_preferences (user_id, ${column})
    select id, false from "user" where id = ${userId}
    on conflict (user_id) do update set ${column} = false, updated_at = now()
    returning user_id`),
  )
  return result.length > 0
}

function toPushPreferences(chosen: Partial<Record<PushKind, boolean>>): PushPreferences {
  return Object.fromEntries(
    PUSH_KINDS.map((kind) => [kind, chosen[kind] ?? PUSH_KIND_DEFAULTS[kind]]),
  ) as PushPreferences
}

function toPreferences(row: typeof userPreferences.$inferSelect): Preferences {
  return {
    reminders: row.reminders,
    results: row.results,
    leagueNudges: row.leagueNudges,
    locale: row.locale === 'es' ? 'es' : 'en',
    timeZone: row.timeZone,
    push: toPushPreferences(row.push),
  }
}
