// The built app exactly as `npm start` serves it (tests/server-process.ts), on a free port and a
// fresh embedded database of its own: one per Playwright worker (e2e/support/test.ts), so the
// journeys of two workers never share figures; killed (kill -9) when the worker ends.
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

export async function startE2eServer(): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'golden-point-e2e-'))
  const server = await startServerProcess({
    dataDir,
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
  return {
    origin: server.origin,
    stop: async () => {
      await server.kill9()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
