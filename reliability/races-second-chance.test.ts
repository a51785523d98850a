// The second chance's races (docs/product.md "Second chance", decision 110), through HTTP: one fan's entries
// racing on one second chance give one entry and one debit; the same fan's second-chance entries
// racing with main-bracket bets on another tournament each land once; entries racing with a
// quarterfinal result entered and cleared again land only before the close, which stays (decision
// 150). PostgreSQL gets a wide pool so the races are real; PGlite serializes them, and must
// answer the same.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bets, walletTransactions } from '#server/db/schema'
import { matchBody, put, signInAdmin } from '#server/features/admin/admin-test-support'
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
const ENTRIES_AROUND_THE_CLOSE = size(20, 200)

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
    return Object.assign(played, { admin })
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

  it(`${ENTRIES_AROUND_THE_CLOSE} fans entering while a quarterfinal result is entered and cleared: none after the close`, async () => {
    const { db } = getHandle()
    const bracket = await openedSecondChance()
    const { admin } = bracket
    const fans = await Promise.all(
      Array.from({ length: ENTRIES_AROUND_THE_CLOSE }, () =>
        signInAs(setup, db, { balance: 1000 }),
      ),
    )
    const url = `/api/tournaments/${bracket.tournament.id}/second-chance/bets`
    const index = bracket.matches.findIndex((match) => match.round === 'quarterfinal')
    const quarterfinal = bracket.matches[index]!
    const resultUrl = `/api/admin/matches/${quarterfinal.id}`

    const result = await race(ENTRIES_AROUND_THE_CLOSE + 1, async (i) => {
      if (i < ENTRIES_AROUND_THE_CLOSE) {
        return describeAnswer(await fans[i]!.browser.post(url, secondChanceBody(bracket)))
      }
      const entered = await put(
        admin.browser,
        resultUrl,
        matchBody(bracket, index, quarterfinal.team1Id),
      )
      const cleared = await put(admin.browser, resultUrl, matchBody(bracket, index, null))
      return `result ${entered.status}, cleared ${cleared.status}`
    })

    reportRace(
      `second-chance entries around its close on ${kind}`,
      ENTRIES_AROUND_THE_CLOSE,
      result,
    )
    expect(result.answers.at(-1)).toBe('result 200, cleared 200')
    const entries = result.answers.slice(0, -1)
    // An entry lands before the close, or is refused: closed, or checked against a bracket the
    // result changed.
    for (const answer of entries) {
      expect(['201', '409 BETTING_CLOSED', '409 CONFLICT']).toContain(answer)
    }
    const placed = entries.filter((answer) => answer === '201').length
    const stored = await db
      .select({ id: bets.id })
      .from(bets)
      .where(and(eq(bets.tournamentId, bracket.tournament.id), eq(bets.contest, 'second_chance')))
    expect(stored).toHaveLength(placed)
    // The cleared result reopens nothing, for anyone who has not entered yet.
    const late = await Promise.all(
      fans
        .filter((_, i) => entries[i] !== '201')
        .map(async (fan) => describeAnswer(await fan.browser.post(url, secondChanceBody(bracket)))),
    )
    expect(new Set(late)).toEqual(new Set(late.length > 0 ? ['409 BETTING_CLOSED'] : []))
    const latecomer = await signInAs(setup, db, { balance: 1000 })
    expect(await describeAnswer(await latecomer.browser.post(url, secondChanceBody(bracket)))).toBe(
      '409 BETTING_CLOSED',
    )
    await expectLedgerAudit(db)
  })
})
