import type { MiddlewareHandler } from 'hono'
import type { AppEnv, SessionUser } from '../app-env'
import { AppError } from '../errors'
import type { Auth } from './auth'

/**
 * 401 UNAUTHENTICATED without a valid session cookie; otherwise puts the user in c.var.user.
 * A session that better-auth refreshes on the way (once a day) gets its new cookie forwarded.
 */
export function requireUser(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await readSessionUser(auth, c.req.raw.headers, (cookie) =>
      c.header('Set-Cookie', cookie, { append: true }),
    )
    if (!user) throw new AppError('UNAUTHENTICATED')
    c.set('user', user)
    await next()
  }
}

/**
 * requireUser plus the role, checked on the server (DESIGN §7): 401 UNAUTHENTICATED without a
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

export async function readSessionUser(
  auth: Auth,
  headers: Headers,
  setCookie: (cookie: string) => void = () => {},
): Promise<SessionUser | null> {
  if (!headers.get('Cookie')) return null
  const { headers: answerHeaders, response } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  })
  for (const cookie of answerHeaders.getSetCookie()) setCookie(cookie)
  if (!response) return null
  const { user } = response
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? null,
    displayUsername: user.displayUsername ?? null,
    role: user.role === 'admin' ? 'admin' : 'user',
    createdAt: new Date(user.createdAt),
  }
}
