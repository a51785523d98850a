// Slow clients against the real Node server on a port (reliability item 6), through raw sockets:
// headers that never end and bodies that never finish are cut off once REQUEST_TIMEOUT_MS has
// passed, a chunked upload over the body limit gets 413, and 200 connections dribbling bytes do
// not starve /api/health. The server's socket handling does not depend on the database engine,
// so this file runs on PGlite only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import {
  dribble,
  openSocket,
  readAll,
  startRawServer,
  statusOf,
  type RawServer,
} from './support/raw-server'
import { size } from './support/sizes'

const REQUEST_TIMEOUT_MS = 2_000
/** How much later than the timeout a stalled connection may still be open. */
const CUT_OFF_SLACK_MS = 1_500
const SLOW_CONNECTIONS = 200
const HEALTH_SAMPLES = size(300, 3_000)
const HEALTH_P99_BUDGET_MS = 500

describe('slow clients on the real server', () => {
  let server: RawServer

  beforeAll(async () => {
    server = await startRawServer({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) })
  })
  afterAll(async () => {
    await expectLedgerAudit(server.database.db)
    await server.close()
  })

  it('cuts off a client that never finishes its headers (slowloris)', async () => {
    const { socket, closed } = await openSocket(server.port)
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    dribble(socket, 'X-Slow: aaaaaaaaaa\r\n', 100)
    const openMs = await closed
    console.info(`slowloris headers cut off after ${Math.round(openMs)} ms`)
    expect(openMs).toBeLessThan(REQUEST_TIMEOUT_MS + CUT_OFF_SLACK_MS)
  })

  it('cuts off a client that never finishes its body', async () => {
    const { socket, closed } = await openSocket(server.port)
    socket.write(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
    )
    dribble(socket, 'a', 100)
    const openMs = await closed
    console.info(`slow body cut off after ${Math.round(openMs)} ms`)
    expect(openMs).toBeLessThan(REQUEST_TIMEOUT_MS + CUT_OFF_SLACK_MS)
  })

  it('answers 413 to a chunked upload over the limit', async () => {
    const { socket } = await openSocket(server.port)
    const answer = readAll(socket, 10_000)
    socket.write(
      'POST /api/auth/sign-up/email HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    )
    const chunk = 'x'.repeat(16_384)
    const chunks = Math.ceil(server.env.BODY_LIMIT_BYTES / chunk.length) + 2
    for (let i = 0; i < chunks && !socket.destroyed; i += 1) {
      socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
    }
    if (!socket.destroyed) socket.end('0\r\n\r\n')
    const text = await answer
    expect(statusOf(text), text.slice(0, 300)).toBe(413)
    expect(text).toContain('"PAYLOAD_TOO_LARGE"')
  })

  it(`keeps /api/health fast while ${SLOW_CONNECTIONS} connections dribble bytes`, async () => {
    let isRunning = true
    let opened = 0
    const keepSlowConnection = async (): Promise<void> => {
      while (isRunning) {
        const { socket, closed } = await openSocket(server.port)
        opened += 1
        socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n')
        const writer = dribble(socket, 'X-Slow: aaaaaaaaaa\r\n', 100)
        await Promise.race([closed, until(() => !isRunning)])
        writer.stop()
        socket.destroy()
      }
    }
    const slow = Array.from({ length: SLOW_CONNECTIONS }, keepSlowConnection)
    await new Promise((resolve) => setTimeout(resolve, 500))

    const latencies: number[] = []
    for (let i = 0; i < HEALTH_SAMPLES; i += 1) {
      const startedAt = performance.now()
      const res = await fetch(`${server.url}/api/health`)
      await res.arrayBuffer()
      latencies.push(performance.now() - startedAt)
      expect(res.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    isRunning = false
    await Promise.all(slow)

    latencies.sort((a, b) => a - b)
    const p50 = latencies[Math.floor(latencies.length * 0.5)]!
    const p99 = latencies[Math.floor(latencies.length * 0.99)]!
    console.info(
      `health under ${SLOW_CONNECTIONS} slow connections (${opened} opened): ` +
        `${latencies.length} requests, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    )
    expect(p99).toBeLessThan(HEALTH_P99_BUDGET_MS)
  })
})

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (!condition()) return
      clearInterval(timer)
      resolve()
    }, 50)
  })
}
