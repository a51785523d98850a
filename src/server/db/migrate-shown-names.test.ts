// The migration that puts shown names back to the username (docs/decisions/067): names set
// before the rule — another fan's username, "Admin Team", invisible characters — are replaced,
// a case variant of one's own username is kept, and picture addresses are dropped.
import { asc, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { migrateDatabase } from './migrate'
import { user } from './schema'
import { databaseBeforeMigration } from '#tests/database-before-migration'

const MIGRATION_TAG = '_auth-accounts'

describe(`migration ${MIGRATION_TAG}`, () => {
  it('puts every shown name back to its username and drops picture addresses', async () => {
    const { handle, close } = await databaseBeforeMigration(MIGRATION_TAG)
    try {
      const rows: [string, string | null, string | null, string | null][] = [
        ['a-impostor', 'mallory', 'ana_padel', 'https://evil.example/a.png'],
        ['b-team', 'bob', 'Admin Team', null],
        ['c-hidden', 'carol', 'carol\u200b', null],
        ['d-case', 'dave', 'DaVe', null],
        ['e-plain', 'erin', null, null],
        ['f-nameless', null, 'Admin', null],
      ]
      for (const [id, username, displayUsername, image] of rows) {
        await handle.db.execute(sql`
          insert into "user" (id, name, email, username, display_username, image)
          values (${id}, ${id}, ${`${id}@example.test`}, ${username}, ${displayUsername}, ${image})`)
      }
      await migrateDatabase(handle)

      const after = await handle.db
        .select({ id: user.id, shown: user.displayUsername, image: user.image })
        .from(user)
        .orderBy(asc(user.id))
      expect(after).toEqual([
        { id: 'a-impostor', shown: 'mallory', image: null },
        { id: 'b-team', shown: 'bob', image: null },
        { id: 'c-hidden', shown: 'carol', image: null },
        { id: 'd-case', shown: 'DaVe', image: null },
        { id: 'e-plain', shown: null, image: null },
        { id: 'f-nameless', shown: null, image: null },
      ])
    } finally {
      await close()
    }
    // Two runs of every migration on a fresh PGlite: slow on a loaded machine.
  }, 180_000)
})
