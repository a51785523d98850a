import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import { DataDirLockedError } from './data-dir-lock'

describe('openDatabase without DATABASE_URL (PGlite on disk)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gp-open-'))
  const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_POOL_MAX: 10 }

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('refuses a second opener of the data folder while the first keeps working', async () => {
    const first = await openDatabase(env)
    try {
      expect(first.kind).toBe('pglite')
      await expect(openDatabase(env)).rejects.toBeInstanceOf(DataDirLockedError)
      await expect(first.ping()).resolves.toBeUndefined()
    } finally {
      await first.close()
    }
    // Closing released the folder.
    const again = await openDatabase(env)
    await again.close()
  }, 120_000) // opening a brand-new PGlite folder is slow on a busy 2-core machine
})
