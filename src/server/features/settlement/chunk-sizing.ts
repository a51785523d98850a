// Settlement chunks sized by time, not by a fixed count (docs/decisions/078). A chunk's
// transaction holds its winners' wallet locks until it commits, and no wallet may stay locked for
// more than a second (docs/architecture.md). A fixed count cannot promise that: 4,000 bets held
// locks for 2.0 s on a machine ~2.3× slower than the one it was measured on. So each lane sizes
// its next chunk from the rate of its last one, aiming well under the second, and the rate is
// re-measured every chunk, so a machine that slows down mid-run shrinks its chunks.

/** The time a chunk aims at: a slowdown of 3× between two chunks still stays under 1 s. */
export const CHUNK_TARGET_MS = 300

/** Bets in a lane's first chunk, before anything is measured: ~50 ms here. */
export const FIRST_CHUNK_BETS = 1000

/** Bounds: a chunk's fixed cost stays small, and one chunk never grows past what was measured. */
export const MIN_CHUNK_BETS = 50
export const MAX_CHUNK_BETS = 50_000

/** A chunk grows at most this much over the last one, so one fast outlier cannot overshoot. */
const MAX_GROWTH = 2

export interface ChunkSizing {
  /** Bets the next chunk of `lane` should pay. */
  sizeFor(lane: number): number
  /** What a chunk of `lane` did: `bets` settled in `ms` (its whole transaction). */
  record(lane: number, bets: number, ms: number): void
}

/** A fixed size (tests): every chunk pays `bets`. */
export function fixedChunkSizing(bets: number): ChunkSizing {
  return { sizeFor: () => bets, record: () => undefined }
}

/** Sizes each lane's chunks from its own last chunk's rate, within the bounds above. */
export function timedChunkSizing({
  targetMs = CHUNK_TARGET_MS,
  firstBets = FIRST_CHUNK_BETS,
  minBets = MIN_CHUNK_BETS,
  maxBets = MAX_CHUNK_BETS,
}: {
  targetMs?: number
  firstBets?: number
  minBets?: number
  maxBets?: number
} = {}): ChunkSizing {
  const sizes = new Map<number, number>()
  return {
    sizeFor: (lane) => sizes.get(lane) ?? firstBets,
    record(lane, bets, ms) {
      const asked = sizes.get(lane) ?? firstBets
      // A short last chunk (the lane's end) says little about the rate: keep the size.
      if (bets < asked / 2) return
      const fitting = Math.floor((bets * targetMs) / Math.max(ms, 1))
      sizes.set(lane, nextChunkBets(asked, fitting, minBets, maxBets))
    },
  }
}

/** The next size: what fits the target at the measured rate, grown at most MAX_GROWTH×. */
export function nextChunkBets(
  asked: number,
  fitting: number,
  minBets: number,
  maxBets: number,
): number {
  return Math.max(minBets, Math.min(maxBets, asked * MAX_GROWTH, fitting))
}
