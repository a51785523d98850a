import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { SessionRevocations } from './session-revocations'

/** The paths whose successful writes may end sessions: better-auth's and the admin's. */
const MAY_REVOKE = /^\/api\/(auth|admin)\//

/**
 * Puts the list in c.var for the routes that trust the session cache, and marks it stale after
 * every successful write under /api/auth or /api/admin, before the answer leaves: the next
 * cached-session check in this process then sees what that request revoked.
 */
export function provideSessionRevocations(
  revocations: SessionRevocations,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('sessionRevocations', revocations)
    await next()
    if (c.req.method !== 'GET' && c.res.status < 400 && MAY_REVOKE.test(c.req.path)) {
      revocations.markStale()
    }
  }
}
