// The built server (dist/server/index.js) as a child process, the way `npm start` runs it, for the
// suites that need a real process: e2e/ (one per Playwright worker), reliability/ (faults, soak,
// sessions) and bench/. Spawned on a free port, ready once /api/ready answers 200; then stopped
// (SIGTERM, kill -9 if it hangs), killed (kill -9) or measured (memory, CPU, sockets) through
// Linux's /proc. Each suite passes its own environment: e2e/support/e2e-server.ts,
// reliability/support/reliability-server.ts, bench/lib/bench-server.ts and browser-server.ts.
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { findFreePort } from './free-port'

export const SERVER_BUNDLE = 'dist/server/index.js'
const READY_TIMEOUT_MS = 60_000
const READY_POLL_MS = 100
const STOP_TIMEOUT_MS = 25_000
const OUTPUT_LIMIT = 200_000

/** Auth rate limits far above what a suite's clients, all from 127.0.0.1, ever reach. */
export const UNLIMITED_AUTH_RATE_LIMITS = {
  AUTH_RATE_LIMIT_MAX: '1000000',
  AUTH_RATE_LIMIT_SIGN_IN_MAX: '1000000',
  AUTH_RATE_LIMIT_MAIL_MAX: '1000000',
}

export interface ServerDatabase {
  /** PostgreSQL; otherwise `dataDir` (embedded PGlite). */
  databaseUrl?: string
  dataDir?: string
}

export interface ServerProcessOptions extends ServerDatabase {
  /**
   * The rest of the server's environment (HOST, PORT and PUBLIC_URL follow from the port, the
   * database from the options). Nothing else of this process's environment reaches the server but
   * PATH, unless `inheritEnvironment`.
   */
  env: Record<string, string>
  /** Start from this process's whole environment (the app as a developer's shell would run it). */
  inheritEnvironment?: boolean
  /** Reuse a port (a restart keeps the address the clients know); default a free one. */
  port?: number
  /** Another build's server bundle (an A/B against an older commit); default SERVER_BUNDLE. */
  bundle?: string
  /** Node's own options before the bundle, e.g. --cpu-prof. */
  nodeArgs?: string[]
  /**
   * stdout: 'keep' (default) for output() and a failed start's error; 'ignore' drops it, as a log
   * shipper would take the request log away (at LOG_LEVEL info it would cost this process CPU).
   */
  stdout?: 'keep' | 'ignore'
  /** stderr: 'keep' (default) like stdout, or 'inherit': shown as it comes, on this process's. */
  stderr?: 'keep' | 'inherit'
  /** How long start-up may take until /api/ready answers 200; default 60 s. */
  readyTimeoutMs?: number
}

export interface ServerProcess {
  /** Where to send requests, and the Origin a browser would send (PUBLIC_URL). */
  readonly origin: string
  readonly port: number
  readonly pid: number
  readonly child: ChildProcess
  /** The output kept so far (the newest OUTPUT_LIMIT characters). */
  output(): string
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>
  isRunning(): boolean
  /** kill -9, and waits until the process is gone. */
  kill9(): Promise<void>
  /** SIGTERM; resolves with the exit code and how long the exit took. */
  terminate(): Promise<{ code: number | null; ms: number }>
  /** SIGTERM, then kill -9 if the process has not exited within STOP_TIMEOUT_MS. */
  stop(): Promise<void>
  /** The resident set size of the process in bytes (Linux /proc). */
  rssBytes(): number
  /** CPU seconds (user + system) the process has used so far; NaN off Linux. */
  cpuSeconds(): number
  /** Sockets the process holds open: accepted connections, its database connections, the port. */
  countSockets(): number
}

/** Starts the server and resolves once /api/ready answers 200 (rejects with its output if not). */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const server = await spawnServerProcess(options)
  try {
    await waitForReady(server, options.readyTimeoutMs ?? READY_TIMEOUT_MS)
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
  const env: NodeJS.ProcessEnv = {
    ...(options.inheritEnvironment ? process.env : { PATH: process.env.PATH ?? '' }),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...options.env,
  }
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.bundle ?? SERVER_BUNDLE],
    {
      env,
      stdio: [
        'ignore',
        options.stdout === 'ignore' ? 'ignore' : 'pipe',
        options.stderr === 'inherit' ? 'inherit' : 'pipe',
      ],
    },
  )
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
    async stop() {
      if (hasExited) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
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
    cpuSeconds: () => readCpuSeconds(child.pid),
  }
}

async function waitForReady(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!server.isRunning()) throw new Error('the server exited during start-up')
    try {
      const response = await fetch(`${server.origin}/api/ready`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms`)
}

// Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 per second on
// Linux). CPU per request stays comparable when other work on the machine slows every clock down.
const CLOCK_TICKS_PER_SECOND = 100

function readCpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}
