// A fresh PGlite migrated up to just before one migration, so a migration's test can fill it as
// the data stood then, run the rest (`migrateDatabase(handle)`) and check what the migration
// made of it. The copy of drizzle/ it migrates from has its journal cut ahead of that entry. The
// cluster comes from the cached empty one (tests/pglite-template.ts) rather than its own initdb.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { wrapPglite, type DatabaseHandle } from '#server/db/client'
import { findMigrationsFolder, migrateDatabase } from '#server/db/migrate'
import { getEmptyPgliteCluster } from './pglite-template'

export interface DatabaseBeforeMigration {
  handle: DatabaseHandle
  close(): Promise<void>
}

/** `tagSuffix`: the end of the migration's journal tag, e.g. `_league-join-codes`. */
export async function databaseBeforeMigration(tagSuffix: string): Promise<DatabaseBeforeMigration> {
  const before = mkdtempSync(join(tmpdir(), 'golden-point-migrations-'))
  const handle = wrapPglite(await PGlite.create({ loadDataDir: await getEmptyPgliteCluster() }))
  const close = async () => {
    await handle.close()
    rmSync(before, { recursive: true, force: true })
  }
  try {
    cpSync(findMigrationsFolder(), before, { recursive: true })
    const journalFile = join(before, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { tag: string }[]
    }
    const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix))
    if (cut <= 0) throw new Error(`no migration after the first ends with ${tagSuffix}`)
    journal.entries = journal.entries.slice(0, cut)
    writeFileSync(journalFile, JSON.stringify(journal))
    await migrateDatabase(handle, { migrationsFolder: before })
    return { handle, close }
  } catch (error) {
    await close()
    throw error
  }
}
