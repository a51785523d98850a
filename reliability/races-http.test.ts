// Item 3 of the reliability issue, the races a player starts, through HTTP (the Hono app with a
// signed-in session, in process): one user's bets racing on one tournament, one user's bets
// racing on many tournaments with the balance for only a few, and one account's e-mail
// confirmation link opened many times at once. PostgreSQL gets a wide pool so the races are real;
// PGlite serializes them, and must answer the same.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user, walletTransactions, wallets } from '#server/db/schema'
import { readMailbox, signUp, tokenFromMail } from '#tests/accounts'
import {
  betBody,
  getBalance,
  insertBracketTournament,
  openWideDatabase,
  signInAs,
  type BracketTournament,
} from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { createTestApp, type TestSetup } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { race, reportRace, tally } from './support/race-timing'
import { size } from './support/sizes'

const SAME_TOURNAMENT_BETS = size(100, 1000)
const TOURNAMENTS = size(20, 200)
const AFFORDABLE_BETS = 3
const CONFIRMATIONS = size(20, 200)

/** A response as "status" or "status CODE", so tallies show what was refused and why. */
async function describeAnswer(res: Response): Promise<string> {
  if (res.ok) return String(res.status)
  const body = (await res.json()) as { error?: { code?: string } }
  return `${res.status} ${body.error?.code ?? ''}`
}

describe.each(testDatabaseKinds)('races through HTTP on %s', (kind) => {
  const getHandle = useTestDatabase(kind)
  let wide: ReturnType<typeof openWideDatabase>
  let setup: TestSetup

  beforeAll(() => {
    wide = openWideDatabase(getHandle())
    setup = createTestApp(getHandle(), { db: wide.db })
  })
  // beforeAll may have failed before opening it (say, a migration that does not apply).
  afterAll(() => wide?.close())

  it(`${SAME_TOURNAMENT_BETS} bets of one user on one tournament at once: one placed, no 5xx`, async () => {
    const { db } = getHandle()
    const player = await signInAs(setup, db, { balance: 1000 })
    const bracket = await insertBracketTournament(db)
    const bodies = [betBody(bracket), betBody(bracket, (match) => match.team2Id)]

    const result = await race(SAME_TOURNAMENT_BETS, async (i) =>
      describeAnswer(
        await player.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, bodies[i % 2]),
      ),
    )

    reportRace(`same-tournament bets on ${kind}`, SAME_TOURNAMENT_BETS, result)
    expect(tally(result.answers)).toEqual(
      new Map([
        ['201', 1],
        ['409 ALREADY_BET', SAME_TOURNAMENT_BETS - 1],
      ]),
    )
    expect(await getBalance(db, player.userId)).toBe(950)
    await expectLedgerAudit(db)
  })

  it(`one user with coins for ${AFFORDABLE_BETS} bets racing on ${TOURNAMENTS} tournaments gets exactly ${AFFORDABLE_BETS}`, async () => {
    const { db } = getHandle()
    const fee = 50
    const player = await signInAs(setup, db, { balance: AFFORDABLE_BETS * fee + fee - 1 })
    const brackets: BracketTournament[] = []
    for (let i = 0; i < TOURNAMENTS; i += 1) brackets.push(await insertBracketTournament(db))

    const result = await race(TOURNAMENTS, async (i) =>
      describeAnswer(
        await player.browser.post(
          `/api/tournaments/${brackets[i]!.tournament.id}/bets`,
          betBody(brackets[i]!),
        ),
      ),
    )

    reportRace(`overspend across tournaments on ${kind}`, TOURNAMENTS, result)
    expect(tally(result.answers)).toEqual(
      new Map([
        ['201', AFFORDABLE_BETS],
        ['402 INSUFFICIENT_FUNDS', TOURNAMENTS - AFFORDABLE_BETS],
      ]),
    )
    expect(await getBalance(db, player.userId)).toBe(fee - 1)
    await expectLedgerAudit(db)
  })

  it(`${CONFIRMATIONS} confirmations of one account at once: verified, one welcome bonus`, async () => {
    const { db } = getHandle()
    const { res, input } = await signUp(new TestBrowser(setup.app))
    expect(res.status).toBe(200)
    const [mail] = await readMailbox(setup, getHandle(), input.email.toLowerCase())
    const link = `/api/auth/verify-email?token=${encodeURIComponent(tokenFromMail(mail!))}`

    // Each from its own address, as many tabs or devices would (rate limits are per address).
    const result = await race(CONFIRMATIONS, async () =>
      describeAnswer(await new TestBrowser(setup.app).get(link)),
    )

    reportRace(`e-mail confirmations on ${kind}`, CONFIRMATIONS, result)
    expect(tally(result.answers)).toEqual(new Map([['200', CONFIRMATIONS]]))
    const [account] = await db.select().from(user).where(eq(user.email, input.email.toLowerCase()))
    expect(account!.emailVerified).toBe(true)
    const bonuses = await db
      .select({ amount: walletTransactions.amount })
      .from(walletTransactions)
      .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
      .where(and(eq(wallets.userId, account!.id), eq(walletTransactions.type, 'welcome_bonus')))
    expect(bonuses).toEqual([{ amount: 1000 }])
    await expectLedgerAudit(db)
  })
})
