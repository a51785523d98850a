// The one way the server draws a card (docs/decisions/104): "draw this card" hands the element
// tree to a small pool of worker threads, so the thread that answers requests never spends the
// tens to hundreds of milliseconds of CPU a drawing takes. Bounded on every side:
// - a few workers (started on the first drawing), each drawing one card at a time;
// - a queue of at most `queueLimit` cards waiting; beyond it 503 SERVICE_UNAVAILABLE with
//   Retry-After, so a flood waits outside instead of in memory;
// - at most `perAddressPerMinute` drawings started for one client address (IPv6 by /64) a
//   minute, 429 RATE_LIMITED with Retry-After beyond it, so no single client fills the queue.
// Callers keep what they drew (a cache); only a drawing counts, not an answer from a cache.
import type { Worker } from 'node:worker_threads'
import { AppError, rateLimited } from '#server/errors'
import { addressKeyOf } from '#server/middleware/client-address'
import type { CardDrawing } from './card-node'
import type { CardJob, CardJobAnswer } from './card-worker'
import { startModuleWorker } from '#server/workers/start-worker'

export interface CardDrawerOptions {
  workers: number
  queueLimit: number
  perAddressPerMinute: number
  /** Tests: the clock of the per-address windows. */
  now?: () => number
}

export interface CardDrawer {
  /**
   * The card as a PNG, drawn by a worker. `address` is the client the drawing is for (the one
   * whose request found no drawing kept). Throws 503 when the queue is full, 429 when the
   * address has started its drawings of the minute.
   */
  draw(drawing: CardDrawing, options: { address: string }): Promise<Buffer>
  /** Workers running, cards being drawn, cards waiting: tests and logs read it. */
  readonly stats: { workers: number; drawing: number; waiting: number }
  /** Ends the workers; drawings under way or waiting are refused. */
  close(): Promise<void>
}

const WINDOW_MS = 60_000
/** Seconds a client is told to wait when every worker is busy and the queue is full. */
const QUEUE_FULL_RETRY_SECONDS = 2

interface Pending {
  job: CardJob
  resolve(png: Buffer): void
  reject(error: Error): void
}

interface PoolWorker {
  worker: Worker
  current: Pending | null
}

export function createCardDrawer({
  workers: size,
  queueLimit,
  perAddressPerMinute,
  now = Date.now,
}: CardDrawerOptions): CardDrawer {
  const pool: PoolWorker[] = []
  const waiting: Pending[] = []
  const windows = new Map<string, { startedAt: number; count: number }>()
  let nextId = 1
  let closed = false

  const countDrawing = (address: string) => {
    const at = now()
    const key = addressKeyOf(address)
    const window = windows.get(key)
    if (!window || at - window.startedAt >= WINDOW_MS) {
      // Stale windows go when the map grows, so it never holds more than a minute's clients.
      if (windows.size >= 10_000) {
        for (const [other, { startedAt }] of windows) {
          if (at - startedAt >= WINDOW_MS) windows.delete(other)
        }
      }
      windows.set(key, { startedAt: at, count: 1 })
      return
    }
    if (window.count >= perAddressPerMinute) {
      throw rateLimited((window.startedAt + WINDOW_MS - at) / 1000)
    }
    window.count += 1
  }

  const settle = (member: PoolWorker, answer: CardJobAnswer) => {
    const pending = member.current
    if (!pending || pending.job.id !== answer.id) return
    member.current = null
    if ('png' in answer) pending.resolve(Buffer.from(answer.png.buffer, 0, answer.png.byteLength))
    else pending.reject(new Error(`drawing a card failed: ${answer.error}`))
    feed(member)
  }

  const spawn = (): PoolWorker => {
    const member: PoolWorker = {
      worker: startModuleWorker(new URL('card-worker.ts', import.meta.url), 'card-worker.js'),
      current: null,
    }
    member.worker.unref()
    member.worker.on('message', (answer: CardJobAnswer) => settle(member, answer))
    // A worker that dies takes only its own card with it; the next card starts a new one.
    const lost = (error: Error) => {
      const index = pool.indexOf(member)
      if (index === -1) return
      pool.splice(index, 1)
      member.current?.reject(error)
      member.current = null
      if (!closed && waiting.length > 0) feed(spawn())
    }
    member.worker.on('error', lost)
    member.worker.on('exit', (code) => lost(new Error(`a drawing worker exited with ${code}`)))
    pool.push(member)
    return member
  }

  const feed = (member: PoolWorker) => {
    if (closed || member.current) return
    const next = waiting.shift()
    if (!next) return
    member.current = next
    member.worker.postMessage(next.job)
  }

  return {
    draw(drawing, { address }) {
      if (closed) return Promise.reject(serviceUnavailable())
      const idle = pool.find((member) => member.current === null)
      const canStart = idle !== undefined || pool.length < size
      if (!canStart && waiting.length >= queueLimit) {
        return Promise.reject(serviceUnavailable())
      }
      try {
        countDrawing(address)
      } catch (error) {
        return Promise.reject(error as Error)
      }
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ job: { id: nextId++, drawing }, resolve, reject })
        feed(idle ?? (pool.length < size ? spawn() : pool[0]!))
      })
    },
    get stats() {
      return {
        workers: pool.length,
        drawing: pool.filter((member) => member.current !== null).length,
        waiting: waiting.length,
      }
    },
    async close() {
      closed = true
      for (const pending of waiting.splice(0)) pending.reject(serviceUnavailable())
      const members = pool.splice(0)
      for (const member of members) member.current?.reject(serviceUnavailable())
      await Promise.all(members.map((member) => member.worker.terminate()))
    },
  }
}

function serviceUnavailable(): AppError {
  const error = new AppError('SERVICE_UNAVAILABLE')
  error.retryAfterSeconds = QUEUE_FULL_RETRY_SECONDS
  return error
}
