// The migration that gives every league made before it a short code (docs/decisions/173): each
// gets one of the alphabet's 8 characters, all different, and the link's codes stay as they were.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { asc, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { normalizeJoinCode } from '#shared/schemas/league-codes'
import { wrapPglite } from './client'
import { findMigrationsFolder, migrateDatabase } from './migrate'
import { leagues } from './schema'

const MIGRATION_TAG = '_league-join-codes'
const LEAGUES = 60

describe(`migration ${MIGRATION_TAG}`, () => {
  it('gives every league a short code of its own and keeps its link', async () => {
    const folder = findMigrationsFolder()
    const before = mkdtempSync(join(tmpdir(), 'golden-point-migrations-'))
    const handle = wrapPglite(await PGlite.create())
    try {
      // drizzle/ as it stood before this migration: the journal cut just ahead of it.
      cpSync(folder, before, { recursive: true })
      const journalFile = join(before, 'meta', '_journal.json')
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
        entries: { tag: string }[]
      }
      const index = journal.entries.findIndex((entry) => entry.tag.endsWith(MIGRATION_TAG))
      expect(index).toBeGreaterThan(0)
      journal.entries = journal.entries.slice(0, index)
      writeFileSync(journalFile, JSON.stringify(journal))
      await migrateDatabase(handle, { migrationsFolder: before })

      await handle.db.execute(sql`
        insert into "user" (id, name, email) values ('owner', 'owner', 'owner@example.test')`)
      await handle.db.execute(sql`
        insert into leagues (name, owner_id, invite_code, member_count)
        select 'League ' || g, 'owner', 'link-code-' || lpad(g::text, 6, '0'), 0
          from generate_series(1, ${LEAGUES}::integer) g`)
      await migrateDatabase(handle)

      const rows = await handle.db
        .select({ inviteCode: leagues.inviteCode, joinCode: leagues.joinCode })
        .from(leagues)
        .orderBy(asc(leagues.name))
      expect(rows).toHaveLength(LEAGUES)
      for (const row of rows) {
        expect(normalizeJoinCode(row.joinCode), row.joinCode).toBe(row.joinCode)
        expect(row.inviteCode).toMatch(/^link-code-\d{6}$/)
      }
      expect(new Set(rows.map((row) => row.joinCode)).size).toBe(LEAGUES)
      // The constraints hold from now on: a code out of shape is refused.
      await expect(
        handle.db.execute(sql`update leagues set join_code = 'k7qm-4xtr' where name = 'League 1'`),
      ).rejects.toThrow()
    } finally {
      await handle.close()
      rmSync(before, { recursive: true, force: true })
    }
    // Two runs of every migration on a fresh PGlite: slow on a loaded machine.
  }, 180_000)
})
