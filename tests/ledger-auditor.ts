// `await expectLedgerAudit(db)`: the ledger auditor (src/server/db/ledger-audit.ts) as a test
// assertion. Reliability tests call it after every scenario.
import { expect } from 'vitest'
import type { Database } from '#server/db/client'
import { auditLedger, type LedgerTotals } from '#server/db/ledger-audit'

export async function expectLedgerAudit(db: Pick<Database, 'execute'>): Promise<LedgerTotals> {
  const { problems, totals } = await auditLedger(db)
  expect(problems, 'ledger audit').toEqual([])
  return totals
}
