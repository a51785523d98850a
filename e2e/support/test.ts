// What every browser spec imports instead of '@playwright/test': the same API, with `test` bound to
// a server of the worker's own (e2e/support/e2e-server.ts). Each Playwright worker starts the built
// app on its own port and database, and its pages, `request` and `browser.newContext()` default to
// that origin, so workers run side by side without seeing each other's users, bets or figures
// (docs/decisions/123).
import { test as base } from '@playwright/test'
import {
  E2E_SERVER_READY_TIMEOUT_MS,
  e2eServerPort,
  startE2eServer,
  type E2eServer,
} from './e2e-server'

export * from '@playwright/test'

export const test = base.extend<object, { e2eServer: E2eServer }>({
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use, workerInfo) => {
      const server = await startE2eServer({ port: e2eServerPort(workerInfo.parallelIndex) })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: E2E_SERVER_READY_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.origin)
  },
})
