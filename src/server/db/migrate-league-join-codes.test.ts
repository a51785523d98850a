// The migration that gives every league made before it a short code (docs/decisions/173): each
// gets one of the alphabet's 8 characters, all different, and the link's codes stay as they were.
import { asc, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { normalizeJoinCode } from '#shared/schemas/league-codes'
import { migrateDatabase } from './migrate'
import { leagues } from './schema'
import { databaseBeforeMigration } from '#tests/database-before-migration'

const MIGRATION_TAG = '_league-join-codes'
const LEAGUES = 60

describe(`migration ${MIGRATION_TAG}`, () => {
  it('gives every league a short code of its own and keeps its link', async () => {
    const { handle, close } = await databaseBeforeMigration(MIGRATION_TAG)
    try {
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
      await close()
    }
    // Two runs of every migration on a fresh PGlite: slow on a loaded machine.
  }, 180_000)
})
