// The embedded database's turns (decision 182): a chain of calls gives the event loop a turn
// between every two, calls run in the order asked, and connections waiting meanwhile are taken.
import net from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { takeTurnsOnEventLoop } from './pglite-turns'

describe('takeTurnsOnEventLoop', () => {
  let client: PGlite

  beforeAll(async () => {
    client = await PGlite.create()
    takeTurnsOnEventLoop(client)
    // Twice is harmless: one line of turns.
    takeTurnsOnEventLoop(client)
  }, 120_000)

  afterAll(async () => {
    await client.close()
  })

  it('lets the event loop turn between two chained calls', async () => {
    let turns = 0
    let counting = true
    const count = () => {
      turns += 1
      if (counting) setImmediate(count)
    }
    setImmediate(count)
    const before = turns
    for (let call = 0; call < 20; call += 1) await client.query('select 1')
    counting = false
    // Without turns the 20 calls resolve in microtasks, within one turn. With them each call
    // waits for the next turn, except that a call after a breather's timer runs in that turn's
    // timers phase and the next one in its check phase: at most two calls share a turn, however
    // slow the machine (a loaded CI run takes more breathers and counted 19).
    expect(turns - before).toBeGreaterThanOrEqual(10)
  })

  it('runs calls in the order they were asked, transactions whole', async () => {
    await client.exec('create table turn_order (n integer, at serial)')
    const asked = Array.from({ length: 10 }, (_, n) =>
      n % 3 === 0
        ? client.transaction(async (tx) => {
            await tx.query('insert into turn_order (n) values ($1)', [n])
            await tx.query('insert into turn_order (n) values ($1)', [n])
          })
        : client.query('insert into turn_order (n) values ($1)', [n]),
    )
    await Promise.all(asked)
    const { rows } = await client.query<{ n: number }>('select n from turn_order order by at')
    expect(rows.map((row) => row.n)).toEqual([0, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9])
  })

  it('answers with the timers faked', async () => {
    // A breather is due 25 ms after the last: wait past it so the next call takes the timer path.
    await new Promise((resolve) => setTimeout(resolve, 30))
    vi.useFakeTimers()
    try {
      const { rows } = await client.query<{ one: number }>('select 1 as one')
      expect(rows[0]?.one).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes connections that wait while a background chain keeps the database busy', async () => {
    const accepted: number[] = []
    const server = net.createServer((socket) => {
      accepted.push(performance.now())
      socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    const sockets: net.Socket[] = []
    try {
      await new Promise((resolve) => setTimeout(resolve, 30))
      for (let n = 0; n < 20; n += 1) {
        const socket = net.connect(port, '127.0.0.1')
        socket.on('error', () => undefined)
        sockets.push(socket)
      }
      let chainEnded = Number.POSITIVE_INFINITY
      const chain = (async () => {
        for (let call = 0; call < 40; call += 1) {
          await client.query('select count(*) from generate_series(1, 20000)')
        }
        chainEnded = performance.now()
      })()
      await chain
      // Without turns the chain runs within one turn and no connection is taken before its end.
      expect(accepted.filter((at) => at < chainEnded)).toHaveLength(20)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  }, 60_000)
})
