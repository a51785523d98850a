// GET|PUT /api/me/preferences (the signed-in fan's own) and the one-click unsubscribe,
// GET|POST /api/unsubscribe?token=… (no session: the signed token names fan and kind; RFC 8058).
// docs/decisions/100-preferences-and-one-click-unsubscribe.md.
import { Hono } from 'hono'
import {
  UnsubscribeQuerySchema,
  UpdatePreferencesSchema,
  type UnsubscribeResult,
} from '#shared/schemas/preferences'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import type { Env } from '#server/env'
import { AppError } from '#server/errors'
import { validate } from '#server/middleware/validate'
import { getPreferences, turnMailKindOff, updatePreferences } from './preferences.service'
import {
  readUnsubscribeToken,
  secretOf,
  type UnsubscribeTarget,
} from '#server/mail/unsubscribe-links'

export function createPreferencesRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>()
    .use(requireUser(auth))
    .get('/', async (c) => c.json(await getPreferences(db, c.var.user.id), 200))
    .put('/', validate('json', UpdatePreferencesSchema), async (c) =>
      c.json(await updatePreferences(db, c.var.user.id, c.req.valid('json')), 200),
    )
}

export function createUnsubscribeRoutes({
  db,
  env,
}: {
  db: Database
  env: Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET'>
}) {
  const secret = secretOf(env)
  const targetOf = (token: string): UnsubscribeTarget => {
    const target = readUnsubscribeToken(secret, token)
    if (!target) throw new AppError('INVALID_UNSUBSCRIBE_LINK')
    return target
  }
  return (
    new Hono<AppEnv>()
      // What the link would turn off, for the confirming page; changes nothing (link scanners
      // and previews fetch links with GET).
      .get('/', validate('query', UnsubscribeQuerySchema), (c) => {
        const { kind } = targetOf(c.req.valid('query').token)
        return c.json({ kind } satisfies UnsubscribeResult, 200)
      })
      // The one click: a mail client posts `List-Unsubscribe=One-Click` as a form, our page posts
      // nothing; either way only the token counts. Again and again is the same answer.
      .post('/', validate('query', UnsubscribeQuerySchema), async (c) => {
        const { userId, kind } = targetOf(c.req.valid('query').token)
        if (!(await turnMailKindOff(db, userId, kind))) {
          throw new AppError('INVALID_UNSUBSCRIBE_LINK')
        }
        return c.json({ kind } satisfies UnsubscribeResult, 200)
      })
  )
}
