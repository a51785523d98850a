// The better-auth options that shape the database tables. Shared by the running server
// (auth.ts) and the schema generator (auth-schema.config.ts), which must not import the
// generated schema itself. Changing anything here means regenerating src/server/db/auth-schema.ts
// and a migration (see docs/decisions/030-accounts-with-better-auth.md).
import type { BetterAuthOptions } from 'better-auth'
import { admin, username } from 'better-auth/plugins'

export const USERNAME_MIN_LENGTH = 3
export const USERNAME_MAX_LENGTH = 30

export function createAuthPlugins() {
  return [
    // Letters, digits, '_' and '.'; stored lower-cased in `username`, as typed in `displayUsername`.
    username({ minUsernameLength: USERNAME_MIN_LENGTH, maxUsernameLength: USERNAME_MAX_LENGTH }),
    // role 'user' by default; 'admin' only through an admin or the bootstrap (never sign-up input).
    admin({ defaultRole: 'user', adminRoles: ['admin'] }),
  ]
}

export const authSchemaOptions = {
  emailAndPassword: { enabled: true },
  // Counters in the database (table rate_limit), so they hold across processes and restarts.
  rateLimit: { enabled: true, storage: 'database', modelName: 'rateLimit' },
} satisfies BetterAuthOptions
