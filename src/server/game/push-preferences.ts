// The push switches of a fan's preferences as SQL, for the set-based push writers.
import { sql, type SQL } from 'drizzle-orm'
import { PUSH_KIND_DEFAULTS, type PushKind } from '#shared/schemas/preferences'

/**
 * Whether a fan wants `kind` pushed, as SQL over their user_preferences row `p` (left-joined, so
 * possibly null): the switch they chose, else the kind's default.
 */
export function wantsPushSql(kind: PushKind, preferences: SQL = sql`p`): SQL<boolean> {
  return sql<boolean>`coalesce((${preferences}.push ->> ${kind})::boolean, ${sql.raw(
    String(PUSH_KIND_DEFAULTS[kind]),
  )})`
}
