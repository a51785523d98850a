// Invariant 7 in the database itself: no ledger row (nor audit row) is ever updated or deleted,
// whoever asks — the application's own connection included.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getPgError } from '#server/db/pg-errors'
import { insertAccount } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const RESTRICT_VIOLATION = '23001'

const TAMPERING = [
  sql`update wallet_transactions set amount = amount + 1`,
  sql`update wallet_transactions set description = 'rewritten'`,
  sql`delete from wallet_transactions`,
  sql`truncate wallet_transactions cascade`,
  sql`update audit_log set action = 'rewritten'`,
  sql`delete from audit_log`,
  sql`truncate audit_log`,
]

describe.each(testDatabaseKinds)('the append-only ledger on %s', (kind) => {
  const getHandle = useTestDatabase(kind)

  it.each(TAMPERING.map((statement, index) => [index, statement] as const))(
    'refuses tampering statement %i and changes nothing',
    async (_index, statement) => {
      const { db } = getHandle()
      await insertAccount(db, { balance: 1234 })
      await db.execute(sql`insert into audit_log (actor_id, action, entity, entity_id)
        values ('reliability', 'create', 'wallet', 'w1')`)
      const before = await expectLedgerAudit(db)

      const error = await db.execute(statement).then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
      expect(getPgError(error)?.code).toBe(RESTRICT_VIOLATION)

      const after = await expectLedgerAudit(db)
      expect(after).toEqual(before)
    },
  )
})
