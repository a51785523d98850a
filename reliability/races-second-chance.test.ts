// The second chance's races (docs/product.md §19, decision 110), through HTTP: one fan's entries
// racing on one second chance give one entry and one debit; the same fan's second-chance entries
// racing with main-bracket bets on another tournament each land once. PostgreSQL gets a wide pool
// so the races are real; PGlite serializes them, and must answer the same.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bets, walletTransactions } from '#server/db/schema'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import {
  betBody,
  getBalance,
  insertBracketTournament,
  openWideDatabase,
  signInAs,
} from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { openBody, playRound16, secondChanceBody } from '#tests/second-chance-factories'
import { createTestApp, type TestSetup } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { race, reportRace, tally } from './support/race-timing'
import { size } from './support/sizes'

const SAME_CONTEST_ENTRIES = size(100, 1000)

async function describeAnswer(res: Response): Promise<string> {
  if (res.ok) return String(res.status)
  const body = (await res.json()) as { error?: { code?: string } }
  return `${res.status} ${body.error?.code ?? ''}`
}

describe.each(testDatabaseKinds)('second-chance races through HTTP on %s', (kind) => {
  const getHandle = useTestDatabase(kind)
  let wide: ReturnType<typeof openWideDatabase>
  let setup: TestSetup

  beforeAll(() => {
    wide = openWideDatabase(getHandle())
    setup = createTestApp(getHandle(), { db: wide.db })
  })
  afterAll(() => wide?.close())

  async function openedSecondChance() {
    const { db } = getHandle()
    const bracket = await insertBracketTournament(db)
    const played = { ...bracket, matches: await playRound16(db, bracket) }
    const admin = await signInAdmin(setup, db)
    const res = await admin.browser.post(
      `/api/admin/tournaments/${bracket.tournament.id}/second-chance`,
      openBody({ entryFee: 400 }),
    )
    expect(res.status).toBe(201)
    return played
  }

  it(`${SAME_CONTEST_ENTRIES} second-chance entries of one fan at once: one entry, one debit`, async () => {
    const { db } = getHandle()
    const bracket = await openedSecondChance()
    const fan = await signInAs(setup, db, { balance: 1000 })
    const bodies = [secondChanceBody(bracket), secondChanceBody(bracket, (match) => match.team2Id)]
    const url = `/api/tournaments/${bracket.tournament.id}/second-chance/bets`

    const result = await race(SAME_CONTEST_ENTRIES, async (i) =>
      describeAnswer(await fan.browser.post(url, bodies[i % 2])),
    )

    reportRace(`same second-chance entries on ${kind}`, SAME_CONTEST_ENTRIES, result)
    expect(tally(result.answers)).toEqual(
      new Map([
        ['201', 1],
        ['409 ALREADY_BET', SAME_CONTEST_ENTRIES - 1],
      ]),
    )
    expect(await getBalance(db, fan.userId)).toBe(600)
    const debits = await db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .innerJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
      .where(and(eq(bets.userId, fan.userId), eq(walletTransactions.type, 'bet_placed')))
    expect(debits).toHaveLength(1)
    await expectLedgerAudit(db)
  })

  it('a fan’s second-chance entries and main bets racing each land once', async () => {
    const { db } = getHandle()
    const bracket = await openedSecondChance()
    const other = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 1000 })
    const entries = 20

    const result = await race(entries, async (i) =>
      describeAnswer(
        i % 2 === 0
          ? await fan.browser.post(
              `/api/tournaments/${bracket.tournament.id}/second-chance/bets`,
              secondChanceBody(bracket),
            )
          : await fan.browser.post(`/api/tournaments/${other.tournament.id}/bets`, betBody(other)),
      ),
    )

    expect(tally(result.answers)).toEqual(
      new Map([
        ['201', 2],
        ['409 ALREADY_BET', entries - 2],
      ]),
    )
    expect(await getBalance(db, fan.userId)).toBe(1000 - 400 - 50)
    await expectLedgerAudit(db)
  })
})
