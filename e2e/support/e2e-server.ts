// The built app exactly as `npm start` serves it (tests/server-process.ts), on a free port and a
// fresh embedded database of its own: one per Playwright worker (e2e/support/test.ts), so the
// journeys of two workers never share figures; killed (kill -9) when the worker ends.
// The port is one the system gives out as free (from its ephemeral range, far above the fixed ports
// people start servers on), or, with E2E_PORT_BASE set, the base plus the worker's index: a range of
// one's own when several runs share a machine.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServerProcess } from '#tests/server-process'
import { E2E_ADMIN } from './accounts'

/** How long a server may take to migrate and seed its demo data before /api/ready answers. */
export const E2E_SERVER_READY_TIMEOUT_MS = 120_000

export interface E2eServer {
  /** Where the worker's pages and requests go (its baseURL) and the Origin they send. */
  readonly origin: string
  /** Kills the server and removes its data folder. */
  stop(): Promise<void>
}

/** The port of worker `parallelIndex`'s server: E2E_PORT_BASE + index, or any free one if unset. */
export function e2eServerPort(parallelIndex: number): number | undefined {
  const base = process.env.E2E_PORT_BASE
  if (base === undefined || base === '') return undefined
  const port = Number(base) + parallelIndex
  if (!Number.isInteger(port) || port < 1024 || port > 65_535) {
    throw new Error(`E2E_PORT_BASE=${base} gives no valid port for worker ${parallelIndex}`)
  }
  return port
}

export async function startE2eServer({ port }: { port?: number } = {}): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'golden-point-e2e-'))
  const server = await startServerProcess({
    dataDir,
    port,
    // As a developer's shell would start it (NODE_ENV and the rest of its environment).
    inheritEnvironment: true,
    env: {
      LOG_LEVEL: 'warn',
      // Every journey comes from 127.0.0.1 within a minute or two, so the per-address auth limits
      // (10 sign-ups, 3 e-mails a minute) would cut the suite short. The limits have their own
      // route tests; the browser tests check how a 429 is shown by answering one themselves.
      AUTH_RATE_LIMIT_MAX: '10000',
      AUTH_RATE_LIMIT_SIGN_IN_MAX: '1000',
      AUTH_RATE_LIMIT_MAIL_MAX: '1000',
      // An admin the browser tests can sign in as (demo accounts get random passwords).
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Deadline reminders within seconds of a tournament entering its window (e2e/preferences).
      REMINDER_SCAN_SECONDS: '2',
    },
    stdout: 'ignore',
    stderr: 'inherit',
    readyTimeoutMs: E2E_SERVER_READY_TIMEOUT_MS,
  })
  await warmUp(server.origin)
  return {
    origin: server.origin,
    stop: async () => {
      await server.kill9()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The first requests to a fresh server compile its code paths and start its background refreshers;
 * on a loaded machine that stalled its event loop for seconds, long enough for the first journey's
 * kept-alive connections to be reset. The old single server warmed up before the first journey
 * began; a worker's server does it here, signing the admin in and reading the pages they use.
 */
async function warmUp(origin: string): Promise<void> {
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  })
  if (signIn.status !== 200) {
    throw new Error(`The e2e admin could not sign in: ${signIn.status} ${await signIn.text()}`)
  }
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
  for (const path of ['/', '/api/admin/tournaments', '/api/tournaments', '/api/leaderboard']) {
    const response = await fetch(`${origin}${path}`, { headers: { cookie, origin } })
    await response.arrayBuffer()
  }
}
