// The server's VAPID key pair (docs/decisions/130): from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or,
// outside production, made once and kept in the database, so `npm start` needs nothing and every
// process (and every restart) signs with the pair the browsers subscribed with.
import { sql } from 'drizzle-orm'
import webpush from 'web-push'
import { rowsOf, type Database } from '#server/db/client'
import type { Env } from '#server/env'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

export type PushKeysEnv = Pick<
  Env,
  'NODE_ENV' | 'PUSH_ENABLED' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'
>

export interface PushKeys {
  /** The pair to sign with; null when push is switched off. Read once per process. */
  get(): Promise<VapidKeys | null>
}

export function createPushKeys(db: Database, env: PushKeysEnv): PushKeys {
  let keys: Promise<VapidKeys | null> | undefined
  return {
    get() {
      keys ??= resolveVapidKeys(db, env).catch((error: unknown) => {
        keys = undefined
        throw error
      })
      return keys
    },
  }
}

async function resolveVapidKeys(db: Database, env: PushKeysEnv): Promise<VapidKeys | null> {
  if (!env.PUSH_ENABLED) return null
  const subject = env.VAPID_SUBJECT
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }
  }
  // env.ts refuses production without keys; this is a development or test server.
  if (env.NODE_ENV === 'production') throw new Error('VAPID keys are required in production')
  const made = webpush.generateVAPIDKeys()
  // The first process to get here keeps its pair; every other one reads that pair.
  await db.execute(sql`
    insert into vapid_keys (id, public_key, private_key)
    values (1, ${made.publicKey}, ${made.privateKey})
    on conflict (id) do nothing`)
  const rows = rowsOf<{ public_key: string; private_key: string }>(
    await db.execute(sql`select public_key, private_key from vapid_keys where id = 1`),
  )
  const [row] = rows
  if (!row) throw new Error('vapid_keys has no row after the insert')
  return { publicKey: row.public_key, privateKey: row.private_key, subject }
}
