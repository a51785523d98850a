// The push outbox's rows (docs/decisions/131), like the mail outbox's (decision 091): written in
// the transaction of their cause, claimed by the worker of any process with FOR UPDATE SKIP
// LOCKED and a lease, then recorded sent, again later, failed or expired. Outcomes are recorded a
// batch at a time: a result for 100,000 fans is 100,000 rows.
import { sql } from 'drizzle-orm'
import type { PushMessageKind } from '#shared/schemas/push'
import type { Database } from '#server/db/client'
import type { PushData } from '#server/game/push-kinds'

type Rows<T> = { rows: T[] }

/** One claimed push with its device's address and keys. */
export interface ClaimedPush {
  id: string
  subscriptionId: string
  kind: PushMessageKind
  data: PushData
  /** This try's number: only the worker holding it may record its end. */
  attempts: number
  createdAt: Date
  /** Seconds until it expires (the TTL header); 0 or less: too late to send. */
  ttlSeconds: number
  endpoint: string
  p256dh: string
  auth: string
}

/**
 * Claims up to `limit` due pushes for `leaseMs`, each claim one more try. Rows another worker is
 * claiming are skipped; a lease that has passed (its worker died) is claimable again. The
 * database's clock decides.
 */
export async function claimDuePushes(
  db: Database,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<ClaimedPush[]> {
  const { rows } = (await db.execute(sql`
    with due as (
      select o.id from push_outbox o
       where o.state = 'pending' and o.next_attempt_at <= now()
         and (o.lease_until is null or o.lease_until < now())
       order by o.next_attempt_at
       limit ${limit}
         for update skip locked
    )
    update push_outbox o
       set attempts = o.attempts + 1,
           lease_until = now() + ${leaseMs} * interval '1 millisecond'
      from due, push_subscriptions s
     where o.id = due.id and s.id = o.subscription_id
    returning o.id, o.subscription_id, o.kind, o.data, o.attempts, o.created_at,
              extract(epoch from o.expires_at - now())::float8 as ttl_seconds,
              s.endpoint, s.p256dh, s.auth`)) as unknown as Rows<{
    id: string
    subscription_id: string
    kind: PushMessageKind
    data: PushData
    attempts: number
    created_at: Date | string
    ttl_seconds: number
    endpoint: string
    p256dh: string
    auth: string
  }>
  return rows.map((row) => ({
    id: row.id,
    subscriptionId: row.subscription_id,
    kind: row.kind,
    data: row.data,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
    ttlSeconds: Number(row.ttl_seconds),
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
  }))
}

export interface PushOutcomes {
  sent: ClaimedPush[]
  /** Again after `retryInMs` (429, 5xx, no answer). */
  retried: { push: ClaimedPush; retryInMs: number; error: string }[]
  /** For good: refused (4xx), or out of tries. */
  failed: { push: ClaimedPush; error: string }[]
  expired: ClaimedPush[]
  /** 404/410: the device is gone; its row goes, and every push waiting for it with it. */
  gone: ClaimedPush[]
}

export function noOutcomes(): PushOutcomes {
  return { sent: [], retried: [], failed: [], expired: [], gone: [] }
}

/**
 * Records a batch's outcomes. Each update names the try it ends (id and attempts, still
 * pending), so an answer that comes after the lease passed and another worker took the push over
 * changes nothing.
 */
export async function recordPushOutcomes(db: Database, outcomes: PushOutcomes): Promise<void> {
  const claims = (pushes: readonly ClaimedPush[]) => ({
    ids: `{${pushes.map((push) => push.id).join(',')}}`,
    attempts: `{${pushes.map((push) => push.attempts).join(',')}}`,
  })
  if (outcomes.sent.length > 0) {
    const { ids, attempts } = claims(outcomes.sent)
    await db.execute(sql`
      update push_outbox o
         set state = 'sent', sent_at = now(), lease_until = null, last_error = null
        from unnest(${ids}::uuid[], ${attempts}::int[]) as c(id, attempts)
       where o.id = c.id and o.attempts = c.attempts and o.state = 'pending'`)
  }
  if (outcomes.retried.length > 0) {
    const rows = JSON.stringify(
      outcomes.retried.map(({ push, retryInMs, error }) => ({
        id: push.id,
        attempts: push.attempts,
        retry_ms: Math.round(retryInMs),
        error,
      })),
    )
    await db.execute(sql`
      update push_outbox o
         set next_attempt_at = now() + c.retry_ms * interval '1 millisecond',
             lease_until = null, last_error = c.error
        from jsonb_to_recordset(${rows}::jsonb) as c(id uuid, attempts int, retry_ms int, error text)
       where o.id = c.id and o.attempts = c.attempts and o.state = 'pending'`)
  }
  const finished = [
    ...outcomes.failed.map(({ push, error }) => ({ push, state: 'failed', error })),
    ...outcomes.expired.map((push) => ({ push, state: 'expired', error: 'expired before sent' })),
  ]
  if (finished.length > 0) {
    const rows = JSON.stringify(
      finished.map(({ push, state, error }) => ({
        id: push.id,
        attempts: push.attempts,
        state,
        error,
      })),
    )
    await db.execute(sql`
      update push_outbox o
         set state = c.state, lease_until = null, last_error = c.error
        from jsonb_to_recordset(${rows}::jsonb) as c(id uuid, attempts int, state text, error text)
       where o.id = c.id and o.attempts = c.attempts and o.state = 'pending'`)
  }
  if (outcomes.gone.length > 0) {
    const ids = `{${[...new Set(outcomes.gone.map((push) => push.subscriptionId))].join(',')}}`
    await db.execute(sql`delete from push_subscriptions where id = any(${ids}::uuid[])`)
  }
}

/** Finished rows older than this are deleted; the unique key only matters while causes re-run. */
const FINISHED_RETENTION = "interval '2 days'"
const PRUNE_BATCH = 10_000

/** Deletes one batch of old finished rows; answers how many. */
export async function pruneFinishedPushes(db: Database): Promise<number> {
  const { rows } = (await db.execute(sql`
    with old as (
      select id from push_outbox
       where state <> 'pending' and created_at < now() - ${sql.raw(FINISHED_RETENTION)}
       limit ${PRUNE_BATCH}
    ), removed as (delete from push_outbox o using old where o.id = old.id returning 1)
    select count(*)::int as n from removed`)) as unknown as Rows<{ n: number }>
  return rows[0]?.n ?? 0
}
