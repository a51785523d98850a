import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/chromium'

const PUSH_JOURNEYS = /push\.spec\.ts$/

export default defineConfig({
  testDir: 'e2e',
  // Each worker starts the built app on a port and fresh embedded database of its own
  // (e2e/support/test.ts): two workers, one per core, never see each other's data. A spec file
  // stays in one worker, its tests in order, since many share what their beforeAll built.
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    // baseURL: the worker's own server (e2e/support/test.ts).
    // The app's service worker answers reads itself once it controls a page, out of reach of
    // page.route(); journeys that mock the API would race it. The service worker's own journeys
    // (e2e/push, e2e/offline) open their contexts with it allowed.
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions(),
    // A failed test keeps its trace: every action with its DOM snapshots, network and console.
    // Not the film strip: its screencast has Chromium encode a JPEG of every frame of every page,
    // passing or not, which cost about 30 % of a spec's CPU on a two-core machine.
    // CI (E2E_TRACE=off in .ci/run) records none: no one opens a CI machine's trace files, and
    // recording every action's snapshots cost CPU on every journey, passing or not.
    trace:
      process.env.E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
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
})
