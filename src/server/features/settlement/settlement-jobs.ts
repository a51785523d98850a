// Runs settlements in the background of the server process (docs/decisions/056): at most one
// runner per tournament here, while the locks inside settleTournament (the tournament row to
// start, one lock per lane for a chunk) keep a second process (or a runner racing a direct call)
// from paying anything twice. Each step is one settleTournament call with maxChunks 1 (a chunk
// per lane, side by side), so a stop can fall between two steps; a run keeps one ChunkSizing,
// so each chunk is sized from the time the last one took (docs/decisions/078).
import { setImmediate } from 'node:timers/promises'
import type { SettlementResult } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { SETTLEMENT_CHUNK_SIZE, settleTournament } from './settle.service'
import { AppError } from '#server/errors'
import { fixedChunkSizing, timedChunkSizing } from './chunk-sizing'
import { listUnfinishedSettlements, recordSettlementStop } from './settlement-progress.service'

/** How long POST …/settle waits for the end, so a small tournament answers with its result. */
export const SETTLE_WAIT_MS = 2_000

interface SettleRequest {
  actorId: string
  tournamentId: string
}

export interface SettlementJobs {
  /**
   * Starts (or joins) the settlement and waits for it: to the end when it fits in one chunk, else
   * up to waitMs. The result when it finished, null while it still runs. The start itself is
   * awaited, so its 404 and 409 reach the caller.
   */
  settle(request: SettleRequest): Promise<SettlementResult | null>
  /** Restarts every settlement left in_progress (after a crash); the tournaments resumed. */
  resumeUnfinished(): Promise<string[]>
  /** No new chunk starts; waits for the chunks in flight. Safe to call twice. */
  stop(): Promise<void>
}

export function createSettlementJobs({
  db,
  logger,
  chunkSize,
  lanes,
  waitMs = SETTLE_WAIT_MS,
}: {
  db: Database
  logger: Logger
  /** Tests: a fixed number of bets per chunk; by default chunks are sized by time. */
  chunkSize?: number
  /** Lanes of a large settlement (the server's SETTLEMENT_LANES); see SettleOptions.largeLanes. */
  lanes?: number
  waitMs?: number
}): SettlementJobs {
  const running = new Map<string, Promise<SettlementResult>>()
  let isStopping = false

  const newSizing = () =>
    chunkSize === undefined ? timedChunkSizing() : fixedChunkSizing(chunkSize)
  const settleChunks = (request: SettleRequest, maxChunks: number, sizing = newSizing()) =>
    settleTournament(db, request, { sizing, maxChunks, largeLanes: lanes })

  async function payUntilDone(request: SettleRequest): Promise<SettlementResult> {
    const sizing = newSizing()
    let result = await settleChunks(request, 1, sizing)
    while (result.state === 'in_progress' && !isStopping) {
      // PGlite answers within microtasks: without a turn of the event loop between chunks, a
      // settlement would hold the process and no request (its progress included) would be served.
      await setImmediate()
      result = await settleChunks(request, 1, sizing)
    }
    return result
  }

  function launch(request: SettleRequest): Promise<SettlementResult> {
    const existing = running.get(request.tournamentId)
    if (existing) return existing
    // The stop is recorded before the job rejects, so whoever awaits it finds it recorded:
    // admins and the ledger audit see a settlement that does not finish (decision 068) until a
    // chunk pays again or the admin cancels it.
    const job = payUntilDone(request).catch(async (error: unknown) => {
      await recordSettlementStop(db, request.tournamentId, stopReasonOf(error)).catch(
        (recordError: unknown) =>
          logger.error(
            { err: recordError, tournamentId: request.tournamentId },
            'could not record the settlement stop',
          ),
      )
      throw error
    })
    running.set(request.tournamentId, job)
    job.then(
      (result) => {
        running.delete(request.tournamentId)
        if (result.state === 'completed') {
          logger.info({ tournamentId: request.tournamentId }, 'settlement completed')
        }
      },
      (error: unknown) => {
        running.delete(request.tournamentId)
        // The bets paid so far stay paid; settling again (or the next start) pays the rest.
        logger.error({ err: error, tournamentId: request.tournamentId }, 'settlement stopped')
      },
    )
    return job
  }

  return {
    async settle(request) {
      // maxChunks 0: only the start (or nothing, when it already started), in this request.
      const started = await settleChunks(request, 0)
      if (started.state === 'completed') return started
      if (isStopping) return null
      const job = launch(request)
      // One chunk's worth of bets is awaited whole, as before decision 056: a small tournament
      // answers with its result however loaded the machine is, and its progress would say little.
      try {
        const isSmall = started.participantCount <= (chunkSize ?? SETTLEMENT_CHUNK_SIZE)
        const finished = isSmall ? await job : await withinMs(job, waitMs)
        return finished?.state === 'completed' ? finished : null
      } catch (error) {
        if (error instanceof AppError) throw error
        throw new AppError(
          'SETTLEMENT_STOPPED',
          'The settlement stopped on an error. Resume it later, or cancel the tournament to refund the bets it has not paid.',
          { reason: stopReasonOf(error) },
        )
      }
    },

    async resumeUnfinished() {
      const unfinished = await listUnfinishedSettlements(db)
      for (const request of unfinished) {
        logger.warn(
          { tournamentId: request.tournamentId },
          'resuming a settlement left in progress',
        )
        launch(request)
      }
      return unfinished.map((request) => request.tournamentId)
    },

    async stop() {
      isStopping = true
      await Promise.allSettled(running.values())
    },
  }
}

/** What an admin is told of a failed run: the database's message, never a stack. */
function stopReasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause
  const message = (cause instanceof Error ? cause : error) as { message?: unknown }
  return typeof message.message === 'string' && message.message !== ''
    ? message.message
    : 'unknown error'
}

/** The promise's value if it settles within ms, else null (a rejection within ms is thrown). */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms)
  })
  try {
    return await Promise.race([promise, deadline])
  } finally {
    clearTimeout(timer)
  }
}
