// The SQL scoring of settlement must agree with the domain, the source of truth: for random
// results and random (also malformed) picks, pick_codes_of + correctPicksSql count exactly what
// scoreBracket counts, and payoutsByCorrect gives tierFor's tier.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MATCHES_PER_ROUND,
  picksFromEntries,
  ROUND_ORDER,
  type PickEntry,
} from '#domain/bracket/bracket'
import { DEFAULT_TIERS, NO_TIER, tierFor } from '#domain/prize/tiers'
import { scoreBracket, type MatchResult } from '#domain/scoring/scoring'
import { completeBracket, insertAccount, insertBracketTournament } from '#tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { correctPicksSql, loadSqlScoring, payoutsByCorrect } from './scoring-sql'
import { rowsOf } from '#server/db/client'

const teamIds = Array.from({ length: 18 }, () => randomUUID())
const playerIds = Array.from({ length: 3 }, () => randomUUID())
const slots = ROUND_ORDER.flatMap((round) =>
  Array.from({ length: MATCHES_PER_ROUND[round] }, (_, i) => ({ round, matchNumber: i + 1 })),
)

const teamOrNull = fc.option(fc.constantFrom(...teamIds), { freq: 8 })

/** A bracket whose matches may lack teams or winners, so some are not playable or not decided. */
const resultsArbitrary = fc
  .tuple(
    fc.array(fc.tuple(teamOrNull, teamOrNull, fc.constantFrom(0, 1, 2)), {
      minLength: slots.length,
      maxLength: slots.length,
    }),
    fc.uniqueArray(fc.uuid(), { minLength: slots.length, maxLength: slots.length }),
  )
  .map(([rows, ids]): MatchResult[] =>
    slots.map((slot, i) => {
      const [team1Id, team2Id, winner] = rows[i]!
      return {
        id: ids[i]!,
        ...slot,
        team1Id,
        team2Id,
        winnerTeamId: winner === 0 ? team1Id : winner === 1 ? team2Id : null,
      }
    }),
  )

function picksArbitrary(results: MatchResult[]) {
  const entry = fc.record({
    matchId: fc.oneof(fc.constantFrom(...results.map((match) => match.id)), fc.uuid()),
    winnerTeamId: fc.oneof(
      fc.constantFrom(
        ...results.flatMap((match) => (match.winnerTeamId ? [match.winnerTeamId] : [])),
      ),
      fc.constantFrom(...teamIds, ''),
    ),
  })
  // Up to 20 entries: repeated matches (the first pick counts), missing ones, foreign ids.
  return fc.array(entry, { maxLength: 20 })
}

const caseArbitrary = resultsArbitrary.chain((results) =>
  fc.record({
    results: fc.constant(results),
    picks: picksArbitrary(results),
    mvpPick: fc.constantFrom(...playerIds),
    actualMvp: fc.option(fc.constantFrom(...playerIds)),
  }),
)

function storedPicks(entries: readonly PickEntry[]) {
  return entries.map((entry) => ({
    match_id: entry.matchId,
    team1_id: '',
    team2_id: '',
    predicted_winner_id: entry.winnerTeamId,
  }))
}

describe.each(testDatabaseKinds)('settlement scoring in SQL (%s)', (kind) => {
  const database = useTestDatabase(kind)

  it('counts the correct picks exactly as scoreBracket does', async () => {
    const { db } = database()
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ results, picks, mvpPick, actualMvp }) => {
        const expected = scoreBracket(picksFromEntries(picks), results, mvpPick, actualMvp)
        const scoring = await loadSqlScoring(db, results, actualMvp)
        const codes = sql`pick_codes_of(${JSON.stringify(storedPicks(picks))}::jsonb, ${mvpPick}::uuid)`
        const correct = correctPicksSql(scoring, codes)
        const answer = rowsOf<{ correct: number }>(
          await db.execute(sql`select ${correct} as correct`),
        )
        expect(answer[0]?.correct).toBe(expected.correct)
        expect(scoring.total).toBe(expected.total)
      }),
      { numRuns: 150 },
    )
  })

  it('place_bet stores the codes of the prediction it writes with the bet', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const account = await insertAccount(db)
    const { picks, mvpPlayerId } = completeBracket(bracket)
    const { bet } = await placeBet(db, {
      userId: account.userId,
      tournamentId: bracket.tournament.id,
      picks,
      mvpPlayerId,
    })
    const answer = rowsOf<{ stored: string[]; expected: string[] }>(
      await db.execute(sql`
      select b.pick_codes::text[] as stored,
             pick_codes_of(b.picks, b.mvp_player_id)::text[] as expected
        from bets b
       where b.id = ${bet.id}::uuid`),
    )
    expect(answer[0]?.stored).toHaveLength(16)
    expect(answer[0]?.stored).toEqual(answer[0]?.expected)
  })
})

describe('payoutsByCorrect', () => {
  it("gives each number of correct picks the domain's tier and that tier's prize", () => {
    const prizes = new Map([
      ['tier_100', 1000],
      ['tier_90', 600],
      ['tier_80', 300],
      ['tier_70', 0],
    ])
    const payouts = payoutsByCorrect(16, DEFAULT_TIERS, (tier) => prizes.get(tier) ?? 0)
    expect(payouts).toHaveLength(17)
    payouts.forEach((payout, correct) => {
      const tier = tierFor(correct, 16, DEFAULT_TIERS)
      expect(payout).toEqual({ tier, amount: tier === NO_TIER ? 0 : (prizes.get(tier) ?? 0) })
    })
  })
})
