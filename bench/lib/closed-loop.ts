// A closed-loop load: N workers, each sending its next operation as soon as the previous one
// answered, for a fixed time or until the work runs out. Shared by the HTTP load and the direct
// SQL baseline so both are measured the same way.

export interface LoadStats {
  operations: number
  durationMs: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  /** The longest any operation waited for its answer. */
  maxMs: number
  /** How many operations ended with each outcome (HTTP status, 'ok', 'error: …'). */
  outcomes: Record<string, number>
}

export interface ClosedLoopOptions {
  workers: number
  /** Stop starting operations after this long. */
  durationMs: number
  /**
   * Runs operation `index` on `worker` and returns its outcome; the load ends early once it returns
   * null (no work left).
   */
  operate: (worker: number, index: number) => Promise<string | null>
}

export async function runClosedLoop({
  workers,
  durationMs,
  operate,
}: ClosedLoopOptions): Promise<LoadStats> {
  const latencies: number[] = []
  const outcomes: Record<string, number> = {}
  let next = 0
  let isDone = false
  const startedAt = performance.now()
  const endsAt = startedAt + durationMs

  const work = async (worker: number) => {
    while (!isDone && performance.now() < endsAt) {
      const index = next
      next += 1
      const sentAt = performance.now()
      let outcome: string | null
      try {
        outcome = await operate(worker, index)
      } catch (error) {
        outcome = `error: ${(error as Error).message.slice(0, 80)}`
      }
      if (outcome === null) {
        isDone = true
        return
      }
      latencies.push(performance.now() - sentAt)
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: workers }, (_, worker) => work(worker)))

  const elapsedMs = performance.now() - startedAt
  const sorted = Float64Array.from(latencies).sort()
  return {
    operations: sorted.length,
    durationMs: elapsedMs,
    perSecond: (sorted.length / elapsedMs) * 1000,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    outcomes,
  }
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!
}
