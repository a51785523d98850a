// The push worker (docs/decisions/131), one in every server process: each round it writes due
// result fan-outs into the outbox, then drains the outbox — claims a batch (SKIP LOCKED, with a
// lease), sends it with a bounded number of requests in flight, records the batch's outcomes —
// and now and then prunes finished rows. Memory stays one batch deep however long the backlog.
// A batch is sealed on a thread of its own (push-sealer.ts) before it is sent.
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { writeDuePushFanouts } from './push-fanout'
import { PUSH_KIND_RULES, renderPush } from '#server/game/push-kinds'
import type { PushKeys } from './push-keys'
import {
  claimDuePushes,
  noOutcomes,
  pruneFinishedPushes,
  recordPushOutcomes,
  type ClaimedPush,
  type PushOutcomes,
} from './push-outbox'
import { createPushSender, type PushSender } from './push-sender'
import { createPushSealer, type Sealed } from './push-sealer'

export interface PushTiming {
  /** How often a process looks for due pushes on its own (wake() is immediate). */
  pollMs: number
  /** How long a claim lasts; longer than any request may take (the sender's timeout). */
  leaseMs: number
  batchSize: number
  /** Brackets one fan-out transaction walks (PUSH_FANOUT_BATCH in the environment). */
  fanoutBatch: number
  /** Requests in flight at once. */
  concurrency: number
  maxAttempts: number
  /** The wait after the first failed try, doubling with each further one up to retryMaxMs. */
  retryBaseMs: number
  retryMaxMs: number
}

export const DEFAULT_PUSH_TIMING: Omit<
  PushTiming,
  'pollMs' | 'concurrency' | 'maxAttempts' | 'fanoutBatch' | 'leaseMs'
> = {
  batchSize: 500,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
}

/** Fan-out batches per round, so a round also gets to sending soon. */
const FANOUT_BATCHES_PER_ROUND = 4
const PRUNE_EVERY_MS = 60_000
// A Retry-After longer than this is read as this: a push is worth little a day late.
const RETRY_AFTER_CAP_MS = 6 * 60 * 60_000
const ERROR_TEXT_LIMIT = 500

export interface PushWorker {
  wake(): void
  /** Runs rounds until nothing is due (tests, benchmarks). */
  idle(): Promise<void>
  start(): void
  stop(): Promise<void>
}

export function pushRetryDelayMs(
  attempts: number,
  retryAfterMs: number | null,
  timing: Pick<PushTiming, 'retryBaseMs' | 'retryMaxMs'>,
): number {
  const backoff = Math.min(timing.retryBaseMs * 2 ** Math.max(0, attempts - 1), timing.retryMaxMs)
  return retryAfterMs === null ? backoff : Math.min(Math.max(retryAfterMs, 0), RETRY_AFTER_CAP_MS)
}

export function createPushWorker({
  db,
  logger,
  keys,
  timing,
  createSender = createPushSender,
}: {
  db: Database
  logger: Logger
  keys: PushKeys
  timing: PushTiming
  createSender?: typeof createPushSender
}): PushWorker {
  let sender: PushSender | undefined
  const sealer = createPushSealer()
  let running: Promise<boolean> | undefined
  let again = false
  let poller: ReturnType<typeof setInterval> | undefined
  let lastPrune = 0
  let isStopping = false

  const senderOf = async (): Promise<PushSender | null> => {
    if (sender) return sender
    const vapid = await keys.get()
    if (!vapid) return null
    sender = createSender({
      keys: vapid,
      timeoutMs: Math.min(10_000, timing.leaseMs / 2),
      connectionsPerOrigin: timing.concurrency,
    })
    return sender
  }

  const deliver = async (
    send: PushSender,
    push: ClaimedPush,
    { tag, sealed }: { tag: string; sealed: Sealed },
    outcomes: PushOutcomes,
  ) => {
    if (push.ttlSeconds <= 0) {
      outcomes.expired.push(push)
      return
    }
    if ('error' in sealed) {
      outcomes.failed.push({ push, error: sealed.error.slice(0, ERROR_TEXT_LIMIT) })
      return
    }
    const answer = await send.send({
      endpoint: push.endpoint,
      body: sealed.body,
      tag,
      ttlSeconds: push.ttlSeconds,
      urgency: PUSH_KIND_RULES[push.kind].urgency,
    })
    if (answer.kind === 'sent') outcomes.sent.push(push)
    else if (answer.kind === 'gone') outcomes.gone.push(push)
    else if (answer.kind === 'failed') outcomes.failed.push({ push, error: answer.error })
    else if (push.attempts >= timing.maxAttempts) {
      outcomes.failed.push({ push, error: answer.error.slice(0, ERROR_TEXT_LIMIT) })
    } else {
      const retryInMs = pushRetryDelayMs(push.attempts, answer.retryAfterMs, timing)
      outcomes.retried.push({ push, retryInMs, error: answer.error.slice(0, ERROR_TEXT_LIMIT) })
    }
  }

  /** One claimed batch, sealed, sent and recorded; false when nothing was due. */
  const drainBatch = async (send: PushSender): Promise<boolean> => {
    const claimed = await claimDuePushes(db, { limit: timing.batchSize, leaseMs: timing.leaseMs })
    if (claimed.length === 0) return false
    const payloads = claimed.map(renderPush)
    const sealed = await sealer.seal(
      claimed.map((push, index) => ({
        p256dh: push.p256dh,
        auth: push.auth,
        payload: JSON.stringify(payloads[index]),
      })),
    )
    const outcomes = noOutcomes()
    let next = 0
    const lane = async () => {
      for (let index = next++; index < claimed.length; index = next++) {
        await deliver(
          send,
          claimed[index]!,
          { tag: payloads[index]!.tag, sealed: sealed[index]! },
          outcomes,
        )
      }
    }
    await Promise.all(Array.from({ length: Math.min(timing.concurrency, claimed.length) }, lane))
    await recordPushOutcomes(db, outcomes)
    if (outcomes.gone.length + outcomes.failed.length > 0) {
      logger.warn(
        { gone: outcomes.gone.length, failed: outcomes.failed.length, sent: outcomes.sent.length },
        'some pushes were not delivered',
      )
    }
    return true
  }

  /** One round; true when it did something (so another may find more). */
  const round = async (): Promise<boolean> => {
    const send = await senderOf()
    if (!send) return false
    let busy = false
    for (let batch = 0; batch < FANOUT_BATCHES_PER_ROUND; batch += 1) {
      if ((await writeDuePushFanouts(db, { batch: timing.fanoutBatch })) === 0) break
      busy = true
    }
    // A stop waits for the batch in flight only; the backlog stays for the next start.
    while (!isStopping && (await drainBatch(send))) busy = true
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now()
      await pruneFinishedPushes(db)
    }
    return busy
  }

  const wake = () => {
    if (running) {
      again = true
      return
    }
    running = (async () => {
      let busy: boolean
      do {
        again = false
        busy = await round()
      } while (!isStopping && (again || busy))
      return busy
    })()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'push round failed')
        return false
      })
      .finally(() => {
        running = undefined
      })
  }

  return {
    wake,
    async idle() {
      wake()
      while (running) await running
    },
    start() {
      isStopping = false
      poller ??= setInterval(wake, timing.pollMs)
      poller.unref()
      wake()
    },
    async stop() {
      isStopping = true
      if (poller) clearInterval(poller)
      poller = undefined
      while (running) await running
      await sender?.close()
      sender = undefined
      await sealer.close()
    },
  }
}
