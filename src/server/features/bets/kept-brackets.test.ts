// The bracket kept in the process (decision 062) must never let a bet through that the database's
// bracket refuses, nor refuse one that it accepts: every admin change moves bracket_version on,
// and the kept copy is then reloaded.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bets, matches, teams, tournaments } from '#server/db/schema'
import { rowsOf, type Database } from '#server/db/client'
import { AppError } from '#server/errors'
import { defaultPrizePoolConfig } from '#tests/factories'
import {
  closedDeadlineValues,
  completeBracket,
  getBalance,
  insertAccount,
  insertBracketTournament,
  type BracketTournament,
} from '#tests/game-factories'
import { expectBetInvariants } from '#tests/bet-invariants'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from './place-bet.service'
import { keptBracket } from './kept-brackets'

async function bracketVersion(db: Database, tournamentId: string): Promise<number> {
  const [row] = await db
    .select({ version: tournaments.bracketVersion })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
  return row!.version
}

/** Swaps the second pair of round-of-16 matches 1 and 2, as an admin editing the draw would. */
async function redraw(db: Database, bracket: BracketTournament): Promise<BracketTournament> {
  const [first, second] = bracket.matches
  await db.transaction(async (tx) => {
    await tx.update(matches).set({ team2Id: null }).where(eq(matches.id, first!.id))
    await tx.update(matches).set({ team2Id: first!.team2Id }).where(eq(matches.id, second!.id))
    await tx.update(matches).set({ team2Id: second!.team2Id }).where(eq(matches.id, first!.id))
  })
  const redrawn = bracket.matches.map((match) => ({ ...match }))
  redrawn[0]!.team2Id = second!.team2Id
  redrawn[1]!.team2Id = first!.team2Id
  return { ...bracket, matches: redrawn }
}

// Picks team 2 in every match: after the redraw, these picks name pairs no longer in matches 1, 2.
const pickTeam2 = (match: { team2Id: string | null }) => match.team2Id

describe.each(testDatabaseKinds)('kept brackets on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('every change to matches or pairs moves the bracket version on', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const created = await bracketVersion(db, id)
    // 16 pairs and 15 matches inserted, one step each.
    expect(created).toBe(31)

    await db.update(matches).set({ team1Id: null }).where(eq(matches.id, bracket.matches[0]!.id))
    expect(await bracketVersion(db, id)).toBe(created + 1)
    await db
      .update(teams)
      .set({ player1Id: bracket.teams[1]!.player1Id })
      .where(eq(teams.id, bracket.teams[2]!.id))
    expect(await bracketVersion(db, id)).toBe(created + 2)
    await db.delete(matches).where(eq(matches.id, bracket.matches[14]!.id))
    expect(await bracketVersion(db, id)).toBe(created + 3)
  })

  it('keeps the bracket after the first bet and reloads it once an admin redraws', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const [first, second, third] = [
      await insertAccount(db, { balance: 100 }),
      await insertAccount(db, { balance: 100 }),
      await insertAccount(db, { balance: 100 }),
    ]
    await placeBet(db, {
      userId: first.userId,
      tournamentId: bracket.tournament.id,
      ...completeBracket(bracket, pickTeam2),
    })
    const keptVersion = keptBracket(db, bracket.tournament.id)?.bracketVersion
    expect(keptVersion).toBe(await bracketVersion(db, bracket.tournament.id))

    const redrawn = await redraw(db, bracket)

    // Valid on the kept copy, invalid on the new draw: refused, nothing charged.
    const refused = await placeBet(db, {
      userId: second.userId,
      tournamentId: bracket.tournament.id,
      ...completeBracket(bracket, pickTeam2),
    }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).code).toBe('INVALID_BRACKET')
    expect(await getBalance(db, second.userId)).toBe(100)
    expect(keptBracket(db, bracket.tournament.id)?.bracketVersion).toBeGreaterThan(keptVersion!)

    // Invalid on the kept copy, valid on the new draw: placed.
    const placed = await placeBet(db, {
      userId: third.userId,
      tournamentId: bracket.tournament.id,
      ...completeBracket(redrawn, pickTeam2),
    })
    expect(placed.balance).toBe(50)
    await expectBetInvariants(db)
  })

  it('a bet checked against an old version is refused by place_bet with nothing written', async () => {
    const { db } = database()
    const account = await insertAccount(db, { balance: 100 })
    const bracket = await insertBracketTournament(db)
    const { mvpPlayerId } = completeBracket(bracket)
    const current = await bracketVersion(db, bracket.tournament.id)
    const result = rowsOf<{ result: string }>(
      await db.execute(sql`
      select result from place_bet(${account.userId}, ${bracket.tournament.id}::uuid, 50,
        '[]'::jsonb, ${mvpPlayerId}::uuid, p_bracket_version => ${current - 1})`),
    )
    expect(result[0]?.result).toBe('bracket_changed')
    expect(await getBalance(db, account.userId)).toBe(100)
    expect(await db.select().from(bets).where(eq(bets.userId, account.userId))).toEqual([])
  })

  it('a kept copy that says closed is checked again: a reopened tournament takes bets', async () => {
    const { db } = database()
    const [early, late] = [
      await insertAccount(db, { balance: 100 }),
      await insertAccount(db, { balance: 100 }),
    ]
    const bracket = await insertBracketTournament(db, closedDeadlineValues())
    const body = { tournamentId: bracket.tournament.id, ...completeBracket(bracket) }
    const closed = await placeBet(db, { userId: early.userId, ...body }).catch((e: unknown) => e)
    expect((closed as AppError).code).toBe('BETTING_CLOSED')
    expect(keptBracket(db, bracket.tournament.id)).toBeDefined()

    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() + 3_600_000) })
      .where(eq(tournaments.id, bracket.tournament.id))

    expect((await placeBet(db, { userId: late.userId, ...body })).balance).toBe(50)
  })

  it('a kept copy with an old fee charges the new one', async () => {
    const { db } = database()
    const [before, after] = [
      await insertAccount(db, { balance: 100 }),
      await insertAccount(db, { balance: 100 }),
    ]
    const bracket = await insertBracketTournament(db)
    const body = { tournamentId: bracket.tournament.id, ...completeBracket(bracket) }
    expect((await placeBet(db, { userId: before.userId, ...body })).balance).toBe(50)

    await db
      .update(tournaments)
      .set({ prizePoolConfig: { ...defaultPrizePoolConfig, entry_fee: 30 } })
      .where(eq(tournaments.id, bracket.tournament.id))

    const placed = await placeBet(db, { userId: after.userId, ...body })
    expect(placed).toMatchObject({ bet: { amount: 30 }, balance: 70 })
    await expectBetInvariants(db)
  })
})
