// The better-auth options that shape the database tables. Shared by the running server
// (auth.ts) and the schema generator (auth-schema.config.ts), which must not import the
// generated schema itself. Changing anything here means regenerating src/server/db/auth-schema.ts
// and a migration (see docs/decisions/030-accounts-with-better-auth.md).
import type { BetterAuthOptions } from 'better-auth'
import { admin, username } from 'better-auth/plugins'
import { adminAc, userAc } from 'better-auth/plugins/admin/access'
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '#shared/schemas/auth'

// Letters, digits, '_' and '.'; stored lower-cased in `username`, as typed in `displayUsername`.
const usernamePlugin = () =>
  username({ minUsernameLength: USERNAME_MIN_LENGTH, maxUsernameLength: USERNAME_MAX_LENGTH })

// role 'user' by default; 'admin' only through an admin or the bootstrap (never sign-up input).
// Naming the roles makes set-role refuse any other value (the user table has a CHECK too).
const adminPlugin = () =>
  admin({ defaultRole: 'user', adminRoles: ['admin'], roles: { user: userAc, admin: adminAc } })

/** A tuple, not an array, so better-auth's types see both plugins' fields (role, username). */
export function createAuthPlugins(): [
  ReturnType<typeof usernamePlugin>,
  ReturnType<typeof adminPlugin>,
] {
  return [usernamePlugin(), adminPlugin()]
}

export const authSchemaOptions = {
  emailAndPassword: { enabled: true },
  // Counters in the database (table rate_limit), so they hold across processes and restarts.
  rateLimit: { enabled: true, storage: 'database', modelName: 'rateLimit' },
} satisfies BetterAuthOptions
