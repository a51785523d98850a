// PostgreSQL error codes the services act on. Drizzle wraps driver errors (DrizzleQueryError),
// so the code is looked up along the `cause` chain; PGlite and pg report the same SQLSTATE codes.

export const PG_ERROR = {
  UNIQUE_VIOLATION: '23505',
  FOREIGN_KEY_VIOLATION: '23503',
  CHECK_VIOLATION: '23514',
  NOT_NULL_VIOLATION: '23502',
  RESTRICT_VIOLATION: '23001',
  QUERY_CANCELED: '57014',
} as const

export interface PgErrorInfo {
  code: string
  constraint?: string
}

/** The SQLSTATE (and constraint name, when given) of a database error, or undefined. */
export function getPgError(error: unknown): PgErrorInfo | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined
    const { code, constraint, cause } = current as {
      code?: unknown
      constraint?: unknown
      cause?: unknown
    }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return typeof constraint === 'string' ? { code, constraint } : { code }
    }
    current = cause
  }
  return undefined
}
