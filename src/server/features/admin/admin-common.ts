// Helpers shared by the admin features: the list cap, body-reference errors and ISO dates. The
// audit writer, id checks and pair names live in src/server/game/, as other features use them.
import { or, sql, type SQL } from 'drizzle-orm'
import { user } from '#server/db/schema'
import { AppError } from '#server/errors'

/**
 * The most rows an admin list answers (reliability item 6): years of a real catalogue, while a
 * runaway table cannot make one answer huge. Lists that can outgrow it have a search or a filter.
 */
export const ADMIN_LIST_MAX_ROWS = 1000

/** An id in a request body that does not name a row: 400 with the field, like the form's rules. */
export function invalidReference(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, {
    issues: [{ path, code: 'invalid_reference', message }],
  })
}

export function iso(value: Date): string {
  return value.toISOString()
}

/**
 * The accounts whose e-mail or username contains `search`, any case, LIKE's wildcards taken
 * literally; undefined (every account) for a blank search. The users' and the wallets' lists.
 */
export function userSearchFilter(search: string | undefined): SQL | undefined {
  const term = search?.trim() ?? ''
  if (term === '') return undefined
  const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  return or(
    sql`${user.email} ILIKE ${pattern}`,
    sql`${user.username} ILIKE ${pattern}`,
    sql`${user.displayUsername} ILIKE ${pattern}`,
  )
}
