// Reads by signed-in fans over HTTP, as the standings benchmarks measure them: kept session
// cookies for the server's database, a GET load from N keep-alive connections with a fan's
// cookie on each request, and the table row and all-200 check of each load.
import type { LoadStats } from './closed-loop'
import { BENCH_AUTH_SECRET, sessionCookieNamesFor, type BenchServer } from './bench-server'
import { runHttpLoad } from './http-load'
import { keptCookies, type SignedInUser } from './sessions'

/** The cookies of signed-in fans of a server on `databaseUrl`, minted again once a minute. */
export function cookiesFor(
  databaseUrl: string,
  cacheSeconds = 300,
): (signedIn: SignedInUser) => string {
  const names = sessionCookieNamesFor({ databaseUrl })
  return keptCookies(names, BENCH_AUTH_SECRET, cacheSeconds)
}

/** A GET load whose request `index` goes to `path(index)` with `cookie(index)`. */
export function signedInGets(
  server: BenchServer,
  cookie: (index: number) => string,
  connections = 16,
) {
  return (path: (index: number) => string, durationMs: number): Promise<LoadStats> =>
    runHttpLoad({
      origins: [server.origin],
      connections,
      durationMs,
      buildRequest: (index) => ({
        method: 'GET',
        path: path(index),
        headers: { cookie: cookie(index), origin: server.origin },
      }),
    })
}

export const roundToTenth = (value: number) => Math.round(value * 10) / 10

export function loadRow(variant: string, stats: LoadStats) {
  return {
    variant,
    'requests/s': Math.round(stats.perSecond),
    'p50 ms': roundToTenth(stats.p50Ms),
    'p99 ms': roundToTenth(stats.p99Ms),
    outcomes: JSON.stringify(stats.outcomes),
  }
}

export function isAllOk(stats: LoadStats): boolean {
  return Object.keys(stats.outcomes).every((key) => key === '200')
}
