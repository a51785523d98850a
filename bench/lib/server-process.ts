// The real server as a separate process, the way `npm start` runs it: the built bundle
// (dist/server/index.js) on a free port, with the benchmark's database and raised auth limits.
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import type { SessionCookieNames } from './sessions'

const SERVER_BUNDLE = 'dist/server/index.js'
const READY_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 25_000

/** A secret for benchmark servers only: sessions are minted with it (sessions.ts). */
export const BENCH_AUTH_SECRET = 'bench-secret-never-used-outside-the-benchmarks-0123456789'

export interface ServerDatabase {
  /** PostgreSQL; otherwise `dataDir` (embedded PGlite). */
  databaseUrl?: string
  dataDir?: string
}

export interface StartBenchServerOptions extends ServerDatabase {
  /** Connections per process to PostgreSQL (DATABASE_POOL_MAX). */
  poolMax?: number
  /** Extra environment, e.g. LOG_LEVEL. */
  env?: Record<string, string>
  /** Another build's server bundle (an A/B against an older commit); default dist/server/index.js. */
  bundle?: string
}

export interface BenchServer {
  /** Where to send requests, and the Origin a browser would send (PUBLIC_URL). */
  origin: string
  /** CPU seconds (user + system) the server process has used so far; NaN off Linux. */
  cpuSeconds(): number
  /** The server process's resident memory in bytes (Linux /proc); NaN elsewhere. */
  rssBytes(): number
  stop(): Promise<void>
}

/** Session cookie names: servers on PostgreSQL run in production, which adds __Secure-. */
export function sessionCookieNamesFor(database: ServerDatabase): SessionCookieNames {
  const prefix = `${database.databaseUrl ? '__Secure-' : ''}golden-point`
  return { token: `${prefix}.session_token`, data: `${prefix}.session_data` }
}

/** Builds the server bundle when it is missing or older than any file under src/server etc. */
export function ensureServerBuild(log: (message: string) => void): void {
  if (existsSync(SERVER_BUNDLE)) {
    const builtAt = statSync(SERVER_BUNDLE).mtimeMs
    const sources = ['src/server', 'src/shared', 'src/domain', 'drizzle']
    if (!sources.some((dir) => hasFileNewerThan(dir, builtAt))) return
  }
  log('building the server (vite build -c vite.server.config.ts)')
  execSync('npx vite build -c vite.server.config.ts --logLevel warn', { stdio: 'inherit' })
}

function hasFileNewerThan(dir: string, time: number): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((entry) => {
    const file = path.join(dir, entry.name)
    return entry.isDirectory() ? hasFileNewerThan(file, time) : statSync(file).mtimeMs > time
  })
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Starts `node dist/server/index.js` and resolves once /api/ready answers 200. */
export async function startBenchServer(options: StartBenchServerOptions): Promise<BenchServer> {
  const port = await findFreePort()
  const origin = `http://127.0.0.1:${port}`
  // Production rules (secure cookies, HSTS, no demo data) need PostgreSQL; PGlite runs as a local
  // installation would.
  const isProduction = options.databaseUrl !== undefined
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: isProduction ? 'production' : 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    BETTER_AUTH_SECRET: BENCH_AUTH_SECRET,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    // Never contacted: no benchmark sends mail, but production insists on a mail server.
    SMTP_URL: 'smtp://127.0.0.1:9',
    // Every benchmark client comes from 127.0.0.1.
    AUTH_RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_SIGN_IN_MAX: '1000000',
    AUTH_RATE_LIMIT_MAIL_MAX: '1000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...(options.poolMax ? { DATABASE_POOL_MAX: String(options.poolMax) } : {}),
    ...options.env,
  }
  const child = spawn(process.execPath, [...profilingArgs(), options.bundle ?? SERVER_BUNDLE], {
    env,
    // The request log goes nowhere, as it would to a log shipper; errors stay visible.
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))

  try {
    await waitForReady(origin, exited)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error })
  }
  return {
    origin,
    cpuSeconds: () => readCpuSeconds(child.pid),
    rssBytes: () => readRssBytes(child.pid),
    stop: () => stopProcess(child, exited),
  }
}

// BENCH_CPU_PROF_DIR=<folder>: every server writes a .cpuprofile there when it stops.
function profilingArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF_DIR
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []
}

async function waitForReady(origin: string, exited: Promise<number | null>): Promise<void> {
  let hasExited = false
  void exited.then(() => (hasExited = true))
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (hasExited) throw new Error('the benchmark server exited during start-up')
    try {
      const response = await fetch(`${origin}/api/ready`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the benchmark server was not ready within ${READY_TIMEOUT_MS} ms`)
}

// Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 per second on
// Linux). CPU per bet stays comparable when other work on the machine slows every clock down.
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

function readRssBytes(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
  } catch {
    return Number.NaN
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}
