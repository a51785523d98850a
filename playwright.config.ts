import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { E2E_ADMIN } from './e2e/support/accounts'
import { chromiumLaunchOptions } from './e2e/support/chromium'
import { findFreePort } from './e2e/support/free-port'

// The config is evaluated by the runner and again by every worker: the first evaluation picks the
// port and data folder and leaves them in the environment, which the workers inherit.
process.env.E2E_PORT ??= String(await findFreePort())
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'golden-point-e2e-'))
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker: every test shares one server and database, and pages such as the leaderboard
  // show live figures that a parallel test could change between a page's read and the test's.
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() },
    },
  ],
  webServer: {
    // The built app exactly as `npm start` serves it, on a fresh embedded database.
    command: 'node dist/server/index.js',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
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
    },
  },
})
