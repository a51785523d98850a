// Starts n attempts at once and times each: the races' latency p99 and wall time for the docs.

export interface RaceResult<T> {
  answers: T[]
  /** Wall time from the first start to the last answer. */
  totalMs: number
  p99Ms: number
}

/** Runs attempt(0) … attempt(n − 1) concurrently; a rejected attempt fails the race. */
export async function race<T>(
  n: number,
  attempt: (index: number) => Promise<T>,
): Promise<RaceResult<T>> {
  const latencies: number[] = []
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: n }, async (_, index) => {
      const begun = performance.now()
      const answer = await attempt(index)
      latencies.push(performance.now() - begun)
      return answer
    }),
  )
  const totalMs = performance.now() - started
  latencies.sort((a, b) => a - b)
  const p99Ms = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)]!
  return { answers, totalMs, p99Ms }
}

/** One line per race for docs/reliability.md. */
export function reportRace(name: string, n: number, { totalMs, p99Ms }: RaceResult<unknown>): void {
  console.info(
    `race ${name}: ${n} at once, ${Math.round(totalMs)} ms in all, p99 ${Math.round(p99Ms)} ms`,
  )
}

/** How many answers are equal to each distinct value (e.g. status codes). */
export function tally<T>(answers: readonly T[]): Map<T, number> {
  const counts = new Map<T, number>()
  for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1)
  return counts
}
