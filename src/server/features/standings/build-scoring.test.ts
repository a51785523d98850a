// The standings score every bracket twice: in SQL, when the rebuild ranks them all into chunks,
// and in TypeScript, when one fan's own row is scored from the build's stored scoring and levels
// (build-scoring.ts). On a tournament of varied brackets, played part-way and then to the end
// with the final's set scores, each fan's own row must equal their row in the pages.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PredictedMatch } from '../../../domain/bracket/bracket'
import type { StandingsRow } from '../../../shared/schemas/standings'
import type { Database } from '../../db/client'
import { bets, matches, tournaments } from '../../db/schema'
import {
  completeBracket,
  insertAccount,
  insertBracketTournament,
  playOut,
  type BracketTournament,
} from '../../../../tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/test-database'
import { placeBet } from '../bets/bets.service'
import { getStandings } from './standings.service'

const FANS = 24

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function randomFrom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
  }
}

async function everyRow(db: Database, tournamentId: string, userId: string) {
  const { rows } = await getStandings(db, tournamentId, { userId, page: 1, pageSize: 100 })
  return rows
}

describe.each(testDatabaseKinds)("a fan's own row and the pages agree on %s", (kind) => {
  const database = useTestDatabase(kind)

  it('every fan, part-way through and at the end, ties and tiebreakers included', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const random = randomFrom(16)
    const fans: string[] = []
    for (let index = 0; index < FANS; index++) {
      const { userId } = await insertAccount(db, { balance: 500 })
      // Every sixth fan picks team 1 everywhere; the others at random.
      const choose = (match: PredictedMatch) =>
        index % 6 === 0 || random() < 0.5 ? match.team1Id : match.team2Id
      const { picks, mvpPlayerId } = completeBracket(bracket, choose)
      await placeBet(db, { userId, tournamentId: id, picks, mvpPlayerId })
      // The team-1 fans also share a tiebreaker: they tie to the end.
      const finalTotalGames =
        index % 6 === 0 ? 20 : index % 5 === 0 ? null : 12 + Math.floor(random() * 28)
      await db.update(bets).set({ finalTotalGames }).where(eq(bets.userId, userId))
      fans.push(userId)
    }
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000) })
      .where(eq(tournaments.id, id))

    const expectAgreement = async (label: string) => {
      const rows = await everyRow(db, id, fans[0]!)
      expect(rows, label).toHaveLength(FANS)
      const byName = new Map(rows.map((row) => [row.username, row]))
      for (const userId of fans) {
        const { me } = await getStandings(db, id, { userId, page: 1, pageSize: 1 })
        expect(me, label).not.toBeNull()
        const inPages = byName.get(me!.username)!
        expect(me, `${label}: ${me!.username}`).toEqual<StandingsRow>({ ...inPages, isMe: true })
      }
      return rows
    }

    // Part-way: the round of 16 decided with both sides winning, so that some picks are
    // correct, some busted (a pair out in the round of 16 picked later) and some still open.
    await playRoundOf16(db, bracket)
    const partWay = await expectAgreement('part-way')
    expect(new Set(partWay.map((row) => row.maxPossible)).size).toBeGreaterThan(1)

    // The end: played out, the MVP named, the final's set scores known (19 games).
    await playOut(db, bracket)
    const final = bracket.matches.find((match) => match.round === 'final')!
    const sets: [number, number][] = [
      [6, 4],
      [6, 3],
    ]
    await db.update(matches).set({ sets }).where(eq(matches.id, final.id))
    const end = await expectAgreement('end')
    expect(end.some((row) => row.tiebreakerDistance === 0 || row.tiebreakerDistance === null)).toBe(
      true,
    )
    const ranks = end.map((row) => row.rank)
    expect(new Set(ranks).size).toBeLessThan(ranks.length)
  }, 120_000)
})

/** Odd matches to team 1, even ones to team 2. */
async function playRoundOf16(db: Database, bracket: BracketTournament) {
  const roundOf16 = bracket.matches.filter((match) => match.round === 'round16')
  for (const [index, match] of roundOf16.entries()) {
    const winnerTeamId = index % 2 === 0 ? match.team1Id : match.team2Id
    await db.update(matches).set({ winnerTeamId }).where(eq(matches.id, match.id))
  }
}
