// The standings order every bracket in SQL (the rebuild's chunks and levels) and score each shown
// row in TypeScript from the build's stored scoring (build-scoring.ts). On a tournament of varied
// brackets, played part-way and then to the end with the final's set scores, every fan's row —
// in the pages and as their own — must hold the domain's numbers (bracketOutlook), the
// competition rank its numbers give among all fans, and its place in the order.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { picksFromEntries, type PredictedMatch } from '#domain/bracket/bracket'
import { bracketOutlook } from '#domain/scoring/outlook'
import type { Database } from '#server/db/client'
import { matchResultColumns } from '#server/db/match-results'
import { bets, matches, tournaments } from '#server/db/schema'
import {
  completeBracket,
  insertAccount,
  insertBracketTournament,
  playOut,
  type BracketTournament,
  type CompleteBracket,
} from '#tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { createRandom } from '#server/seed/demo-results'
import { placeBet } from '#server/features/bets/place-bet.service'
import { getStandings } from '#server/features/standings/standings.service'

const FANS = 24

interface Fan {
  userId: string
  bracket: CompleteBracket
  finalTotalGames: number | null
}

describe.each(testDatabaseKinds)("the standings' order and rows agree on %s", (kind) => {
  const database = useTestDatabase(kind)

  it('every fan, part-way through and at the end, ties and tiebreakers included', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    // Deterministic, so a failure can be replayed.
    const random = createRandom(16)
    const fans: Fan[] = []
    for (let index = 0; index < FANS; index++) {
      const { userId } = await insertAccount(db, { balance: 500 })
      // Every sixth fan picks team 1 everywhere; the others at random.
      const choose = (match: PredictedMatch) =>
        index % 6 === 0 || random() < 0.5 ? match.team1Id : match.team2Id
      const chosen = completeBracket(bracket, choose)
      await placeBet(db, { userId, tournamentId: id, ...chosen })
      // The team-1 fans also share a tiebreaker: they tie to the end.
      const finalTotalGames =
        index % 6 === 0 ? 20 : index % 5 === 0 ? null : 12 + Math.floor(random() * 28)
      await db.update(bets).set({ finalTotalGames }).where(eq(bets.userId, userId))
      fans.push({ userId, bracket: chosen, finalTotalGames })
    }
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000) })
      .where(eq(tournaments.id, id))

    const expectAgreement = async (
      label: string,
      mvp: string | null,
      finalTotal: number | null,
    ) => {
      const results = await db
        .select(matchResultColumns)
        .from(matches)
        .where(eq(matches.tournamentId, id))
      const expected = fans.map((fan) => {
        const picks = picksFromEntries(fan.bracket.picks)
        const outlook = bracketOutlook(picks, results, {
          pick: fan.bracket.mvpPlayerId,
          actual: mvp,
        })
        const distance =
          finalTotal === null || fan.finalTotalGames === null
            ? null
            : Math.abs(fan.finalTotalGames - finalTotal)
        return { correct: outlook.correct, maxPossible: outlook.maxPossible, distance }
      })
      // Better: more correct picks, then a smaller distance (none is worst).
      const isBetter = (a: (typeof expected)[0], b: (typeof expected)[0]) =>
        a.correct > b.correct ||
        (a.correct === b.correct &&
          a.distance !== null &&
          (b.distance === null || a.distance < b.distance))
      const pages = await getStandings(db, id, { userId: null, page: 1, pageSize: 100 })
      expect(pages.rows, label).toHaveLength(FANS)
      for (const [index, fan] of fans.entries()) {
        const { me } = await getStandings(db, id, { userId: fan.userId, page: 1, pageSize: 1 })
        const mine = expected[index]!
        const rank = 1 + expected.filter((other) => isBetter(other, mine)).length
        expect(me, `${label}: fan ${index}`).toMatchObject({
          rank,
          correct: mine.correct,
          maxPossible: mine.maxPossible,
          tiebreakerDistance: mine.distance,
          isMe: true,
        })
        expect(
          pages.rows.find((row) => row.username === me!.username),
          label,
        ).toEqual({
          ...me,
          isMe: false,
        })
      }
      const ranks = pages.rows.map((row) => row.rank)
      expect(ranks, `${label}: the pages in rank order`).toEqual([...ranks].sort((a, b) => a - b))
      return pages.rows
    }

    // Part-way: the round of 16 decided with both sides winning, so that some picks are
    // correct, some busted (a pair out in the round of 16 picked later) and some still open.
    await playRoundOf16(db, bracket)
    const partWay = await expectAgreement('part-way', null, null)
    expect(new Set(partWay.map((row) => row.maxPossible)).size).toBeGreaterThan(1)

    // The end: played out, the MVP named, the final's set scores known (19 games).
    const { mvpPlayerId } = await playOut(db, bracket)
    const final = bracket.matches.find((match) => match.round === 'final')!
    const sets: [number, number][] = [
      [6, 4],
      [6, 3],
    ]
    await db.update(matches).set({ sets }).where(eq(matches.id, final.id))
    const end = await expectAgreement('end', mvpPlayerId, 19)
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
