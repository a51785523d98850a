// The real server as the API benchmarks run it (tests/server-process.ts): the built bundle on a
// free port with the benchmark's database, raised auth limits and a secret the benchmarks mint
// sessions with; production mode on PostgreSQL, as a deployment runs.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import {
  SERVER_BUNDLE,
  startServerProcess,
  UNLIMITED_AUTH_RATE_LIMITS,
  type ServerDatabase,
  type ServerProcess,
} from '#tests/server-process'
import type { SessionCookieNames } from './sessions'

/** A secret for benchmark servers only: sessions are minted with it (sessions.ts). */
export const BENCH_AUTH_SECRET = 'bench-secret-never-used-outside-the-benchmarks-0123456789'

export interface StartBenchServerOptions extends ServerDatabase {
  /** Connections per process to PostgreSQL (DATABASE_POOL_MAX). */
  poolMax?: number
  /** Extra environment, e.g. LOG_LEVEL. */
  env?: Record<string, string>
  /** Another build's server bundle (an A/B against an older commit); default dist/server/index.js. */
  bundle?: string
}

export type BenchServer = ServerProcess

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

/** Starts the server bundle and resolves once /api/ready answers 200. */
export function startBenchServer(options: StartBenchServerOptions): Promise<BenchServer> {
  const { databaseUrl, dataDir, poolMax, env, bundle } = options
  // Production rules (secure cookies, HSTS, no demo data) need PostgreSQL; PGlite runs as a local
  // installation would.
  const isProduction = databaseUrl !== undefined
  return startServerProcess({
    databaseUrl,
    dataDir,
    bundle,
    nodeArgs: profilingArgs(),
    env: {
      NODE_ENV: isProduction ? 'production' : 'development',
      BETTER_AUTH_SECRET: BENCH_AUTH_SECRET,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      // Never contacted: no benchmark sends mail, but production insists on a mail server.
      SMTP_URL: 'smtp://127.0.0.1:9',
      ...UNLIMITED_AUTH_RATE_LIMITS,
      ...(poolMax ? { DATABASE_POOL_MAX: String(poolMax) } : {}),
      ...env,
    },
    // The request log goes nowhere, as it would to a log shipper; errors stay visible.
    stdout: 'ignore',
  })
}

// BENCH_CPU_PROF_DIR=<folder>: every server writes a .cpuprofile there when it stops.
function profilingArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF_DIR
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []
}
