// The real built server (dist/server/index.js) as a child process, the way `npm start` runs it,
// for the fault and soak suites: spawn on a free port, wait for /api/ready, then kill -9, SIGTERM
// or sample its memory. `npm run test:reliability` builds the bundle first when it is stale.
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { findFreePort } from '../../e2e/support/free-port'

const SERVER_BUNDLE = 'dist/server/index.js'
const READY_TIMEOUT_MS = 60_000
const OUTPUT_LIMIT = 200_000

/** The first administrator every test server creates at start-up (ADMIN_EMAIL). */
export const RELIABILITY_ADMIN = {
  email: 'reliability-admin@example.test',
  password: 'reliability-Admin-Password-2026',
}

export interface ServerProcessOptions {
  /** PostgreSQL; otherwise `dataDir` (embedded PGlite). */
  databaseUrl?: string
  dataDir?: string
  /** Extra environment, e.g. DATABASE_POOL_MAX. */
  env?: Record<string, string>
  /** Reuse a port (a restart keeps the address the clients know). */
  port?: number
}

export interface ServerProcess {
  readonly origin: string
  readonly port: number
  readonly pid: number
  readonly child: ChildProcess
  /** stdout and stderr so far (the newest OUTPUT_LIMIT characters). */
  output(): string
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>
  isRunning(): boolean
  /** kill -9, and waits until the process is gone. */
  kill9(): Promise<void>
  /** SIGTERM; resolves with the exit code and how long the exit took. */
  terminate(): Promise<{ code: number | null; ms: number }>
  /** The resident set size of the process in bytes (Linux /proc). */
  rssBytes(): number
  /** Sockets the process holds open: accepted connections, its database connections, the port. */
  countSockets(): number
}

/** Starts the server and resolves once /api/ready answers 200 (rejects with its output if not). */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const server = await spawnServerProcess(options)
  try {
    await waitForReady(server)
  } catch (error) {
    await server.kill9()
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`, {
      cause: error,
    })
  }
  return server
}

/** Spawns the server without waiting for it (a second server that is expected to be refused). */
export async function spawnServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort())
  const origin = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    // Fixed, so sessions survive a restart even on PostgreSQL (no DATA_DIR to keep a generated one).
    BETTER_AUTH_SECRET: 'reliability-secret-never-used-outside-these-tests-0123456789',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Every client of these suites comes from 127.0.0.1.
    AUTH_RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_SIGN_IN_MAX: '1000000',
    AUTH_RATE_LIMIT_MAIL_MAX: '1000000',
    ADMIN_EMAIL: RELIABILITY_ADMIN.email,
    ADMIN_PASSWORD: RELIABILITY_ADMIN.password,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...options.env,
  }
  const child = spawn(process.execPath, [SERVER_BUNDLE], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT / 2)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  let hasExited = false
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      hasExited = true
      resolve(code)
    }),
  )

  return {
    origin,
    port,
    pid: child.pid!,
    child,
    output: () => output,
    exited,
    isRunning: () => !hasExited,
    async kill9() {
      if (!hasExited) child.kill('SIGKILL')
      await exited
    },
    async terminate() {
      const startedAt = performance.now()
      child.kill('SIGTERM')
      const code = await exited
      return { code, ms: performance.now() - startedAt }
    },
    countSockets() {
      const dir = `/proc/${child.pid}/fd`
      return readdirSync(dir).filter((fd) => {
        try {
          return readlinkSync(`${dir}/${fd}`).startsWith('socket:')
        } catch {
          return false // closed meanwhile
        }
      }).length
    },
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
      if (kilobytes === undefined) throw new Error(`no VmRSS for pid ${child.pid}`)
      return Number(kilobytes) * 1024
    },
  }
}

async function waitForReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (!server.isRunning()) throw new Error('the server exited during start-up')
    try {
      const response = await fetch(`${server.origin}/api/ready`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms`)
}
