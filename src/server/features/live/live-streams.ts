// The open live streams of this process: who may open one more (docs/decisions/090), the fan-out
// of each event from the database listener to the streams of its tournament, one shared
// heartbeat, and closing them all on shutdown so the drain is not held up (start-server.ts).
import {
  LIVE_STREAMS_FOR_VISITORS,
  LIVE_STREAMS_PER_PROCESS,
  LIVE_STREAMS_PER_USER,
  LIVE_STREAMS_PER_VISITOR_ADDRESS,
} from '#shared/schemas/live'
import { AppError, appErrorBecause } from '#server/errors'
import type { Logger } from '#server/logger'
import { addressKeyOf } from '#server/middleware/client-address'
import type { LiveEvent } from '#server/game/live-events'
import type { LiveListener } from '#server/game/live-listener'
import type { LiveSink } from './live-sinks'

/** Who opens a stream: a signed-in fan by id, a visitor by address. */
export type LiveViewer = { userId: string } | { address: string }

export interface LiveStreamLimits {
  perProcess: number
  perUser: number
  /** Per visitor address: IPv4 by address, IPv6 by /64 (addressKeyOf). */
  perVisitorAddress: number
  /** All visitors' streams together: the rest of perProcess is kept for signed-in fans. */
  forVisitors: number
}

export interface LiveStreamsOptions {
  listener: LiveListener
  logger: Logger
  limits?: Partial<LiveStreamLimits>
  heartbeatMs?: number
}

/** A place among the open streams, held from the check of the limits until the stream ends. */
export interface LiveSlot {
  release(): void
}

export interface LiveStreams {
  /** Takes a place or throws 429 (per fan or address) or 503 (process full or shutting down). */
  reserve(viewer: LiveViewer): LiveSlot
  /** Resolves once events reach this process (LISTEN in place); throws 503 if it cannot. */
  ready(): Promise<void>
  /** Serves the stream until the client leaves or the process stops; then frees the slot. */
  serve(slot: LiveSlot, tournamentId: string, sink: LiveSink): Promise<void>
  /** Fans an event out to this process's streams of its tournament (the listener calls it). */
  deliver(event: LiveEvent): void
  readonly openCount: number
  /** Refuses new streams, ends the open ones and stops listening. */
  close(): Promise<void>
}

const HEARTBEAT_MS = 20_000
// How long a new stream waits for a dropped LISTEN connection to come back before 503.
const READY_TIMEOUT_MS = 5_000
// Browsers wait this long (plus a random part, so a restart does not bring them all back at
// once) before reconnecting a broken stream; EventSource's own retry reads it.
const RETRY_BASE_MS = 2_000
const RETRY_SPREAD_MS = 3_000

interface Subscriber {
  tournamentId: string
  sink: LiveSink
  end(): void
}

export function createLiveStreams(options: LiveStreamsOptions): LiveStreams {
  const limits: LiveStreamLimits = {
    perProcess: LIVE_STREAMS_PER_PROCESS,
    perUser: LIVE_STREAMS_PER_USER,
    perVisitorAddress: LIVE_STREAMS_PER_VISITOR_ADDRESS,
    forVisitors: LIVE_STREAMS_FOR_VISITORS,
    ...options.limits,
  }
  const byTournament = new Map<string, Set<Subscriber>>()
  const perViewer = new Map<string, number>()
  let reserved = 0
  let reservedByVisitors = 0
  let closed = false
  let listening: Promise<void> | undefined
  let heartbeat: NodeJS.Timeout | undefined

  const everySubscriber = function* () {
    for (const set of byTournament.values()) yield* set
  }

  // Encoded once per event, not once per stream: the same bytes go to every stream.
  const encoder = new TextEncoder()
  const heartbeatBytes = encoder.encode(': heartbeat\n\n')

  const write = (subscriber: Subscriber, bytes: Uint8Array) => {
    if (!subscriber.sink.write(bytes)) subscriber.end()
  }

  const deliver = (event: LiveEvent) => {
    const subscribers = byTournament.get(event.tournamentId)
    if (!subscribers) return
    const bytes = encoder.encode(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`)
    for (const subscriber of subscribers) write(subscriber, bytes)
  }

  const startHeartbeat = () => {
    heartbeat ??= setInterval(() => {
      for (const subscriber of everySubscriber()) write(subscriber, heartbeatBytes)
    }, options.heartbeatMs ?? HEARTBEAT_MS)
    heartbeat.unref()
  }

  const endAll = () => {
    for (const subscriber of [...everySubscriber()]) subscriber.end()
  }

  return {
    reserve(viewer) {
      const isVisitor = !('userId' in viewer)
      const full =
        reserved >= limits.perProcess || (isVisitor && reservedByVisitors >= limits.forVisitors)
      if (closed || full) {
        const error = new AppError('SERVICE_UNAVAILABLE')
        error.retryAfterSeconds = 5
        throw error
      }
      const key = isVisitor ? `address:${addressKeyOf(viewer.address)}` : `user:${viewer.userId}`
      const limit = isVisitor ? limits.perVisitorAddress : limits.perUser
      const held = perViewer.get(key) ?? 0
      if (held >= limit) throw appErrorBecause('RATE_LIMITED', 'TOO_MANY_LIVE_STREAMS', { limit })
      perViewer.set(key, held + 1)
      reserved += 1
      if (isVisitor) reservedByVisitors += 1
      let released = false
      return {
        release() {
          if (released) return
          released = true
          reserved -= 1
          if (isVisitor) reservedByVisitors -= 1
          const left = (perViewer.get(key) ?? 1) - 1
          if (left > 0) perViewer.set(key, left)
          else perViewer.delete(key)
        },
      }
    },

    async ready() {
      // A broken stream is reconnected by the browser; the gap is covered by its refetch.
      listening ??= options.listener.start({ onEvent: deliver, onGap: endAll })
      try {
        await listening
      } catch (error) {
        listening = undefined
        options.logger.error({ err: error }, 'live listener could not start')
        throw new AppError('SERVICE_UNAVAILABLE')
      }
      // After a drop, a stream opened before LISTEN is back would miss what happens meanwhile.
      let timer: NodeJS.Timeout | undefined
      const gaveUp = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS)
      })
      const outcome = await Promise.race([options.listener.whenListening(), gaveUp])
      clearTimeout(timer)
      if (outcome === 'timeout') throw new AppError('SERVICE_UNAVAILABLE')
    },

    async serve(slot, tournamentId, sink) {
      let end: () => void = () => {}
      const ended = new Promise<void>((resolve) => (end = resolve))
      const subscriber: Subscriber = { tournamentId, sink, end }
      let set = byTournament.get(tournamentId)
      if (!set) byTournament.set(tournamentId, (set = new Set()))
      set.add(subscriber)
      sink.onClose(end)
      startHeartbeat()
      try {
        const retry = RETRY_BASE_MS + Math.floor(Math.random() * RETRY_SPREAD_MS)
        write(subscriber, encoder.encode(`retry: ${retry}\n: live\n\n`))
        if (!closed) await ended
      } finally {
        set.delete(subscriber)
        if (set.size === 0) byTournament.delete(tournamentId)
        slot.release()
        sink.close()
      }
    },

    deliver,

    get openCount() {
      return reserved
    },

    async close() {
      closed = true
      clearInterval(heartbeat)
      endAll()
      await options.listener.stop()
    },
  }
}
