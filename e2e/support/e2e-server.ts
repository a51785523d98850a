// Playwright's global setup: the built app exactly as `npm start` serves it
// (tests/server-process.ts), on the port and fresh embedded database that playwright.config.ts
// chose, for every test of the run; killed (kill -9) when the run ends.
import { startServerProcess } from '#tests/server-process'
import { E2E_ADMIN } from './accounts'

const READY_TIMEOUT_MS = 120_000

export default async function startE2eServer(): Promise<() => Promise<void>> {
  const server = await startServerProcess({
    port: Number(process.env.E2E_PORT),
    dataDir: process.env.E2E_DATA_DIR,
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
    readyTimeoutMs: READY_TIMEOUT_MS,
  })
  return () => server.kill9()
}
