// Fair turns on the embedded database (docs/decisions/182). PGlite runs every statement on the
// server's own thread, so while it works nothing else does: no request is read, no connection
// accepted. Chained calls (a background job's batches, `await` after `await`) resolve in
// microtasks and would run back to back within one turn of the event loop; and a busy loop polls
// with a zero timeout, where Node accepts one new connection per turn (libuv/libuv#3696), so 64
// browsers connecting at once waited up to 64 long turns (2.5 s against a 55 ms median,
// bench/README.md "bets-pglite-longest-wait"). Here every top-level call waits its turn, first in,
// first out, one per turn of the event loop; and every BREATHER_MS one turn waits a millisecond
// on a timer, during which the poll takes every connection that is waiting. Statements inside a
// transaction do not wait: the transaction is one call and holds the connection.
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
import type { PGlite } from '@electric-sql/pglite'

/** At most this long between two turns that let the poll accept waiting connections. */
export const BREATHER_MS = 25

type Method = 'query' | 'exec' | 'transaction'
const METHODS: readonly Method[] = ['query', 'exec', 'transaction']
const inTurns = new WeakSet<PGlite>()

/**
 * Makes `client`'s query, exec and transaction run one per turn of the event loop, in the order
 * asked. node:timers/promises, not the global timers: tests that fake the timers get answers.
 */
export function takeTurnsOnEventLoop(client: PGlite, breatherMs = BREATHER_MS): void {
  // A client wrapped twice (a test's shared PGlite) keeps one line of turns.
  if (inTurns.has(client)) return
  inTurns.add(client)
  let last: Promise<unknown> = Promise.resolve()
  let breathedAt = performance.now()
  const waitForTurn = async () => {
    if (performance.now() - breathedAt < breatherMs) return nextTurn()
    await sleep(1)
    breathedAt = performance.now()
  }
  for (const method of METHODS) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>
    const inTurn = (...args: unknown[]) => {
      const call = last.then(waitForTurn).then(() => original(...args))
      last = call.catch(() => undefined)
      return call
    }
    Object.defineProperty(client, method, { value: inTurn, configurable: true, writable: true })
  }
}
