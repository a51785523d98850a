import type { RequestIdVariables } from 'hono/request-id'
import type { SecureHeadersVariables } from 'hono/secure-headers'
import type { Role } from '#shared/schemas/me'
import type { SessionRevocations } from './auth/session-revocations'

/** The signed-in user as routes see it (from the better-auth session). */
export interface SessionUser {
  id: string
  email: string
  username: string | null
  displayUsername: string | null
  role: Role
  createdAt: Date
}

/** Hono's per-request context for this app. */
export interface AppEnv {
  Variables: RequestIdVariables &
    SecureHeadersVariables & {
      /** The TCP peer's address (middleware/client-address.ts), never a header. */
      clientIp: string
      /** Set by requireUser() on routes that need a session. */
      user: SessionUser
      /** Sessions revoked lately, for the routes that trust the session cache (decision 066). */
      sessionRevocations: SessionRevocations
    }
}
