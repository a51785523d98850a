// One LISTEN per process on the live channel (docs/decisions/089). PostgreSQL: a dedicated
// connection outside the pool (a pooled one would be handed to queries, and LISTEN is per
// connection), opened again with backoff when it drops. PGlite: its own listen(), one process.
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from './live-events'

export interface LiveListenerHandlers {
  onEvent(event: LiveEvent): void
  /** The connection dropped: events may have been missed until it is back. */
  onGap(): void
}

export interface LiveListener {
  /** Resolves once LISTEN is in place (so a stream opened after it misses nothing). */
  start(handlers: LiveListenerHandlers): Promise<void>
  /** Resolves once LISTEN is in place again after a drop (at once while it is). */
  whenListening(): Promise<void>
  stop(): Promise<void>
}

const RECONNECT_MIN_MS = 500
const RECONNECT_MAX_MS = 30_000

/** The listener for the database behind `db` (PGlite or a node-postgres pool). */
export function createDatabaseListener(db: Database, logger: Logger): LiveListener {
  const client = (db as unknown as { $client: unknown }).$client
  if (client instanceof PGlite) return createPgliteListener(client)
  if (client instanceof pg.Pool) return createPostgresListener(client.options, logger)
  throw new Error('live updates need a PGlite or node-postgres database')
}

function createPgliteListener(client: PGlite): LiveListener {
  let unlisten: (() => Promise<void>) | undefined
  return {
    async start({ onEvent }) {
      unlisten = await client.listen(LIVE_CHANNEL, (payload) => {
        const event = parseLiveEvent(payload)
        if (event) onEvent(event)
      })
    },
    whenListening: () => Promise.resolve(),
    async stop() {
      const stopListening = unlisten
      unlisten = undefined
      if (stopListening && !client.closed) await stopListening()
    },
  }
}

function createPostgresListener(options: pg.PoolOptions, logger: Logger): LiveListener {
  let connection: pg.Client | undefined
  let stopped = false
  let retryMs = RECONNECT_MIN_MS
  let retryTimer: NodeJS.Timeout | undefined
  let listening = pending()

  const connect = async (handlers: LiveListenerHandlers) => {
    const next = new pg.Client({ ...options, application_name: 'golden-point-live' })
    let lost = false
    const onLost = (error?: Error) => {
      if (lost) return
      lost = true
      void next.end().catch(() => {})
      if (stopped || connection !== next) return
      logger.warn({ err: error }, 'live listener connection lost; reconnecting')
      connection = undefined
      listening = pending()
      handlers.onGap()
      scheduleReconnect(handlers)
    }
    next.on('error', onLost)
    next.on('end', () => onLost())
    next.on('notification', (message) => {
      const event = message.payload ? parseLiveEvent(message.payload) : null
      if (event) handlers.onEvent(event)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${LIVE_CHANNEL}`)
    } catch (error) {
      onLost(error as Error)
      throw error
    }
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    connection = next
    retryMs = RECONNECT_MIN_MS
    listening.resolve()
  }

  const scheduleReconnect = (handlers: LiveListenerHandlers) => {
    retryTimer = setTimeout(() => void reconnect(handlers), retryMs)
    retryTimer.unref()
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS)
  }

  const reconnect = async (handlers: LiveListenerHandlers) => {
    if (stopped) return
    try {
      await connect(handlers)
      logger.info('live listener connected again')
    } catch (error) {
      logger.warn({ err: error }, 'live listener could not reconnect; trying again')
      scheduleReconnect(handlers)
    }
  }

  return {
    start: (handlers) => connect(handlers),
    whenListening: () => listening.promise,
    async stop() {
      stopped = true
      clearTimeout(retryTimer)
      const current = connection
      connection = undefined
      await current?.end().catch(() => {})
    },
  }
}

/** A promise with its resolve function outside (Promise.withResolvers needs Node 22). */
function pending(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}
