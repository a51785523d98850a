import type { Context } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Auth } from './auth'
import { readSessionUser } from './session'

/**
 * The signed-in user's id on routes that visitors may read too (tournament pages), or null.
 * Routes that need a user use requireUser instead.
 */
export async function findViewerId(c: Context<AppEnv>, auth: Auth): Promise<string | null> {
  const user = await readSessionUser(auth, c.req.raw.headers, (cookie) =>
    c.header('Set-Cookie', cookie, { append: true }),
  )
  return user?.id ?? null
}
