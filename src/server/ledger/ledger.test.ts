import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TRANSACTION_TYPES } from '#domain/wallet/transactions'
import { COIN_MOVEMENTS, RETIRED_TRANSACTION_TYPES } from './ledger'

const SERVER = join(import.meta.dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

// Writing the ledger or a balance, in Drizzle or in SQL text.
const LEDGER_WRITE =
  /insert\(walletTransactions\)|insert\s+into\s+"?wallet_transactions|update\(wallets\)|update\s+"?wallets"?\s|set\s*\(\s*\{\s*balance/i

describe('the ledger module', () => {
  it('names a movement for every transaction type but the retired bet_lost', () => {
    const written = new Set<string>(COIN_MOVEMENTS.flatMap((movement) => movement.types))
    expect([...written, ...RETIRED_TRANSACTION_TYPES].sort()).toEqual([...TRANSACTION_TYPES].sort())
    expect(RETIRED_TRANSACTION_TYPES.filter((type) => written.has(type))).toEqual([])
  })

  it('is the only server code that writes ledger rows or balances', () => {
    const writers = sourceFiles(SERVER)
      .filter((path) => !path.startsWith(join(SERVER, 'ledger')))
      .filter((path) => LEDGER_WRITE.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SERVER, path))
    expect(writers).toEqual([])
  })
})
