import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestEnv } from '#tests/test-app'
import { DataDirLockedError } from './db/data-dir-lock'
import { startServer, type SeedContext } from './start-server'

// A real start migrates a brand-new PGlite folder (no template), which takes tens of seconds on a
// busy 2-core machine: these tests get a longer allowance than the default.
const START_TIMEOUT_MS = 120_000

describe('startServer', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gp-start-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const env = createTestEnv({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' })

  it(
    'migrates, runs the seed hook, listens, refuses a second server on the folder, and stops',
    async () => {
      const seeded: SeedContext[] = []
      const server = await startServer({
        env,
        clientDir: null,
        handleSignals: false,
        seed: async (context) => {
          seeded.push(context)
        },
      })
      try {
        expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
        expect(seeded).toHaveLength(1)
        const health = await fetch(`${server.url}/api/health`)
        expect(health.status).toBe(200)
        const stats = await fetch(`${server.url}/api/stats`)
        expect(await stats.json()).toEqual({ players: 0, tournaments: 0, predictions: 0 })

        await expect(
          startServer({ env, clientDir: null, handleSignals: false }),
        ).rejects.toBeInstanceOf(DataDirLockedError)
        // The first server is unaffected by the refused second one.
        expect((await fetch(`${server.url}/api/ready`)).status).toBe(200)
      } finally {
        await server.stop()
      }
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow()
    },
    START_TIMEOUT_MS,
  )

  it(
    'lets a request in flight finish before it stops',
    async () => {
      const server = await startServer({ env, clientDir: null, handleSignals: false })
      // Routes can still be added before the first request builds the router.
      server.app.get('/api/probe/slow', async (c) => {
        await new Promise((resolve) => setTimeout(resolve, 300))
        return c.json({ finished: true })
      })
      const inFlight = fetch(`${server.url}/api/probe/slow`)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const stopped = server.stop()
      const res = await inFlight
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ finished: true })
      await stopped

      // Stopping released the folder: a new server can start on it.
      const again = await startServer({ env, clientDir: null, handleSignals: false })
      await again.stop()
    },
    START_TIMEOUT_MS,
  )
})
