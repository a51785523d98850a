import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromiumLaunchOptions } from './tests/chromium'
import { findFreePort } from './tests/free-port'

// The config is evaluated by the runner and again by every worker: the first evaluation picks the
// port and data folder and leaves them in the environment, which the workers and the global setup
// (e2e/support/e2e-server.ts, which starts the built server there) read.
process.env.E2E_PORT ??= String(await findFreePort())
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'golden-point-e2e-'))
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`
const PUSH_JOURNEYS = /push\.spec\.ts$/

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
    // The app's service worker answers reads itself once it controls a page, out of reach of
    // page.route(); journeys that mock the API would race it. The service worker's own journeys
    // (e2e/push, e2e/offline) open their contexts with it allowed.
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions(),
    // A failed test keeps its trace: every action with its DOM snapshots, network and console.
    // Not the film strip: its screencast has Chromium encode a JPEG of every frame of every page,
    // passing or not, which cost about 30 % of a spec's CPU on a two-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: PUSH_JOURNEYS,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() },
    },
    {
      // The headless shell shows no notifications: the push journeys run in the full browser.
      name: 'chromium-full',
      testMatch: PUSH_JOURNEYS,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions({ full: true }) },
    },
  ],
  // The built app exactly as `npm start` serves it, on a fresh embedded database.
  globalSetup: './e2e/support/e2e-server.ts',
})
