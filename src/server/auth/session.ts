import type { MiddlewareHandler } from 'hono'
import type { AppEnv, SessionUser } from '#server/app-env'
import { AppError } from '#server/errors'
import type { Auth } from './auth'
import { createCachedSessionReader } from './session-cache'
import { readSessionRow } from './session-row'
import { sessionUserOf } from './session-user'

export interface SessionReadOptions {
  /**
   * Trust better-auth's signed session cache cookie (at most SESSION_CACHE_SECONDS old) instead
   * of reading the session row, unless its session has been revoked since (decision 066): one
   * database round trip less. Only for placing a bet and the leaderboard, the hot paths
   * (docs/decisions/060); everything else reads the row.
   */
  acceptCachedSession?: boolean
}

/**
 * 401 UNAUTHENTICATED without a valid session cookie; otherwise puts the user in c.var.user.
 * A session that better-auth refreshes on the way (once a day) gets its new cookie forwarded,
 * as does a fresh session cache cookie.
 */
export function requireUser(
  auth: Auth,
  options: SessionReadOptions = {},
): MiddlewareHandler<AppEnv> {
  const readCachedSession = options.acceptCachedSession ? createCachedSessionReader(auth) : null
  return async (c, next) => {
    const user =
      (await readCachedSession?.(c)) ??
      (await readSessionUser(auth, c.req.raw.headers, (cookie) =>
        c.header('Set-Cookie', cookie, { append: true }),
      ))
    if (!user) throw new AppError('UNAUTHENTICATED')
    c.set('user', user)
    await next()
  }
}

/**
 * requireUser plus the role, checked on the server (docs/product.md "Where we differ from the seed on purpose"): 401 UNAUTHENTICATED without a
 * session, 403 FORBIDDEN for a signed-in user who is not an admin.
 */
export function requireAdmin(auth: Auth): MiddlewareHandler<AppEnv> {
  const loadUser = requireUser(auth)
  return async (c, next) => {
    await loadUser(c, async () => {
      if (c.var.user.role !== 'admin') throw new AppError('FORBIDDEN')
      await next()
    })
  }
}

/**
 * The user of the session row named by the request's cookie, or null. Never better-auth's own
 * trust of the cache cookie: a cache that our reader refused (revoked, stale) must not pass here.
 */
export async function readSessionUser(
  auth: Auth,
  headers: Headers,
  setCookie: (cookie: string) => void = () => {},
): Promise<SessionUser | null> {
  const cookieHeader = headers.get('Cookie')
  if (!cookieHeader) return null
  // The common case without better-auth's per-request cost (decision 114); it decides the rest.
  const answer = await readSessionRow(auth, cookieHeader, setCookie)
  if (answer !== undefined) return answer
  const { headers: answerHeaders, response } = await auth.api.getSession({
    headers,
    query: { disableCookieCache: true },
    returnHeaders: true,
  })
  for (const cookie of answerHeaders.getSetCookie()) setCookie(cookie)
  return response ? sessionUserOf(response.user) : null
}
