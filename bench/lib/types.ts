// The contract between `bench/run.ts` and each benchmark module (`bench/<name>.bench.ts`).
// A module exports `benchmark`; the runner imports every module (or the one named on the command
// line), runs it, prints its table and one final line per result:
//   name: value unit (ratio) PASS|FAIL target

export interface BenchContext {
  /** `--quick`: smaller data and shorter runs, for a smoke test of the harness itself. */
  quick: boolean
  /** Progress lines for the person watching (stderr); results go in the returned value. */
  log: (message: string) => void
}

export interface BenchResult {
  /** e.g. 'bets-http' */
  name: string
  value: number
  unit: string
  /** A ratio measured in the same run, e.g. '61% of direct SQL'; empty when none applies. */
  ratio?: string
  pass: boolean
  /** The target as written in the issue, e.g. '≥ 3,000 bets/s, p99 < 50 ms'. */
  target: string
}

export interface BenchOutput {
  /** Rows of a table printed before the result lines (e.g. rate, p50, p99 per variant). */
  table?: Record<string, string | number>[]
  results: BenchResult[]
}

export interface Benchmark {
  name: string
  description: string
  /** Runs only when named (`npm run bench -- curves`): too long for a full `npm run bench`. */
  explicitOnly?: boolean
  run: (context: BenchContext) => Promise<BenchOutput>
}
