// A fan's devices (docs/product.md "The app on a phone: push notifications, installing, offline", decision 130): registering one, removing one, counting.
import { and, count, eq, sql } from 'drizzle-orm'
import { MAX_PUSH_DEVICES, type PushSubscriptionInput } from '#shared/schemas/push'
import type { Database } from '#server/db/client'
import { pushSubscriptions } from '#server/db/schema'
import { appErrorBecause, AppError } from '#server/errors'
import { isAllowedPushEndpoint, type PushEndpointEnv } from './push-endpoints'

/**
 * Registers the browser's subscription for the fan. The same device again updates its keys; a
 * device another fan had registered becomes this fan's, and the pushes still waiting for the
 * other fan on it are dropped with the old row (a shared device shows only its current fan's
 * news). An 11th device is refused. Answers the fan's device count.
 */
export async function registerPushSubscription(
  db: Database,
  env: PushEndpointEnv,
  userId: string,
  subscription: PushSubscriptionInput,
): Promise<number> {
  const { endpoint, keys } = subscription
  if (!isAllowedPushEndpoint(endpoint, env)) {
    throw new AppError('VALIDATION_FAILED', 'This push endpoint is not accepted.')
  }
  return db.transaction(async (tx) => {
    // Registrations of one endpoint take turns, so a takeover and a refresh never interleave;
    // the fan's own row lock keeps two of their registrations from both passing the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${endpoint}))`)
    await tx.execute(sql`select id from "user" where id = ${userId} for update`)
    await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, endpoint),
          sql`${pushSubscriptions.userId} <> ${userId}`,
        ),
      )
    const [existing] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
    const devices = await countDevices(tx, userId)
    if (!existing && devices >= MAX_PUSH_DEVICES) {
      throw appErrorBecause('CONFLICT', 'PUSH_DEVICE_LIMIT', { max: MAX_PUSH_DEVICES })
    }
    if (existing) {
      await tx
        .update(pushSubscriptions)
        .set({ p256dh: keys.p256dh, auth: keys.auth })
        .where(eq(pushSubscriptions.id, existing.id))
      return devices
    }
    await tx.insert(pushSubscriptions).values({ userId, endpoint, ...keys })
    return devices + 1
  })
}

/** Removes the device if it is the fan's; someone else's endpoint changes nothing. */
export async function removePushSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
}

async function countDevices(executor: Pick<Database, 'select'>, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
  return row?.n ?? 0
}
