// Web Push routes (docs/product.md "The app on a phone: push notifications, installing, offline", decision 130): a signed-in fan registers and removes their
// own devices; anyone may read the VAPID public key the browser subscribes with.
import { Hono } from 'hono'
import {
  PushSubscriptionInputSchema,
  RemovePushSubscriptionSchema,
  type PushPublicKey,
  type PushSubscriptionResult,
} from '#shared/schemas/push'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import type { Env } from '#server/env'
import { AppError } from '#server/errors'
import { validate } from '#server/middleware/validate'
import type { PushKeys } from './push-keys'
import { registerPushSubscription, removePushSubscription } from './push-subscriptions.service'

export function createPushSubscriptionRoutes({
  db,
  auth,
  env,
}: {
  db: Database
  auth: Auth
  env: Pick<Env, 'NODE_ENV' | 'PUSH_ENABLED' | 'PUSH_SERVICE_HOSTS'>
}) {
  return (
    new Hono<AppEnv>()
      .use(requireUser(auth))
      .post('/', validate('json', PushSubscriptionInputSchema), async (c) => {
        if (!env.PUSH_ENABLED) {
          throw new AppError('SERVICE_UNAVAILABLE', 'Push notifications are off on this server.')
        }
        const devices = await registerPushSubscription(db, env, c.var.user.id, c.req.valid('json'))
        return c.json({ devices } satisfies PushSubscriptionResult, 201)
      })
      // The same answer whether the endpoint was the fan's, someone else's or unknown: nothing
      // tells a fan whose devices exist.
      .delete('/', validate('json', RemovePushSubscriptionSchema), async (c) => {
        await removePushSubscription(db, c.var.user.id, c.req.valid('json').endpoint)
        return c.body(null, 204)
      })
  )
}

export function createPushRoutes({ pushKeys }: { pushKeys: PushKeys }) {
  return new Hono<AppEnv>().get('/public-key', async (c) => {
    const keys = await pushKeys.get()
    // The same for everyone and for as long as the server runs with these keys.
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json({ publicKey: keys?.publicKey ?? null } satisfies PushPublicKey, 200)
  })
}
