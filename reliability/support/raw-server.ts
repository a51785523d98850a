// The real Node server (startServer, in this process, on a free port, PGlite in a temporary
// folder) and raw-socket clients for the limit suites: requests the fetch API cannot send —
// headers that never end, bodies that dribble, chunked uploads.
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EnvSource } from '#server/env'
import { startServer, type RunningServer } from '#server/start-server'
import { createTestEnv } from '#tests/test-app'

export interface RawServer extends RunningServer {
  close(): Promise<void>
}

export async function startRawServer(overrides: EnvSource = {}): Promise<RawServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gp-limits-'))
  const env = createTestEnv({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...overrides })
  const server = await startServer({ env, clientDir: null, handleSignals: false })
  return {
    ...server,
    async close() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A socket to the server; `closed` resolves with the time it was closed, from when it opened. */
export function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const openedAt = performance.now()
    const socket = connect({ port, host: '127.0.0.1' })
    const closed = new Promise<number>((done) =>
      socket.once('close', () => done(performance.now() - openedAt)),
    )
    socket.setNoDelay(true)
    socket.on('error', () => socket.destroy())
    socket.once('connect', () => resolve({ socket, closed }))
    socket.once('error', reject)
  })
}

/** Everything the server sent until it closed the socket (or until `ms` passed). */
export function readAll(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')))
    const timer = setTimeout(() => resolve(text), ms)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(text)
    })
  })
}

/** Writes `text` one byte every `everyMs` until the socket closes; stop() ends it early. */
export function dribble(socket: Socket, text: string, everyMs: number) {
  let index = 0
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer)
    socket.write(text[index % text.length]!)
    index += 1
  }, everyMs)
  socket.once('close', () => clearInterval(timer))
  return { stop: () => clearInterval(timer) }
}

/** The status code of a raw HTTP answer, or 0 when there was none. */
export function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
}
