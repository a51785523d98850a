import { describe, expect, it } from 'vitest'
import {
  CHUNK_TARGET_MS,
  FIRST_CHUNK_BETS,
  MAX_CHUNK_BETS,
  MIN_CHUNK_BETS,
  fixedChunkSizing,
  timedChunkSizing,
} from './chunk-sizing'

/** Chunk durations on a machine where a chunk costs fixedMs plus msPerBet for each bet. */
function run(msPerBet: (chunk: number) => number, chunks: number, fixedMs = 5) {
  const sizing = timedChunkSizing()
  const durations: number[] = []
  for (let chunk = 0; chunk < chunks; chunk += 1) {
    const bets = sizing.sizeFor(0)
    const ms = fixedMs + bets * msPerBet(chunk)
    durations.push(ms)
    sizing.record(0, bets, ms)
  }
  return { durations, size: sizing.sizeFor(0) }
}

describe('chunks sized by time', () => {
  it('settles near the target on a fast machine and on one 2.3× slower, never past 1 s', () => {
    // 4,000 bets took ~870 ms here at the worst (bench/README.md): ~0.2 ms a bet.
    const fast = run(() => 0.2, 20)
    const slow = run(() => 0.2 * 2.3, 20)
    expect(slow.size).toBeLessThan(fast.size)
    for (const { durations } of [fast, slow]) {
      expect(Math.max(...durations)).toBeLessThan(1000)
      expect(durations.at(-1)).toBeGreaterThan(CHUNK_TARGET_MS * 0.8)
      expect(durations.at(-1)).toBeLessThanOrEqual(CHUNK_TARGET_MS * 1.05)
    }
  })

  it('shrinks the next chunk when the machine slows down mid-run', () => {
    // Steady, then 3× slower from chunk 10 on: one chunk runs long, the next is back in time.
    const { durations } = run((chunk) => (chunk < 10 ? 0.2 : 0.6), 14)
    expect(durations[10]).toBeLessThan(1000)
    expect(Math.max(...durations.slice(11))).toBeLessThanOrEqual(CHUNK_TARGET_MS * 1.05)
  })

  it('grows at most twofold a chunk and stays within its bounds', () => {
    const sizing = timedChunkSizing()
    sizing.record(0, FIRST_CHUNK_BETS, 1)
    expect(sizing.sizeFor(0)).toBe(2 * FIRST_CHUNK_BETS)
    for (let n = 0; n < 20; n += 1) sizing.record(0, sizing.sizeFor(0), 1)
    expect(sizing.sizeFor(0)).toBe(MAX_CHUNK_BETS)
    sizing.record(0, MAX_CHUNK_BETS, 600_000)
    expect(sizing.sizeFor(0)).toBe(MIN_CHUNK_BETS)
    // Lanes are sized apart; a short last chunk (the lane's end) leaves the size as it was.
    expect(sizing.sizeFor(1)).toBe(FIRST_CHUNK_BETS)
    sizing.record(1, 3, 500)
    expect(sizing.sizeFor(1)).toBe(FIRST_CHUNK_BETS)
  })

  it('keeps a fixed size when asked to', () => {
    const sizing = fixedChunkSizing(7)
    sizing.record(0, 7, 10_000)
    expect(sizing.sizeFor(0)).toBe(7)
  })
})
