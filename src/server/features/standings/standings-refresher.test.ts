// The refresher rebuilds what it finds stale — at start-up what a crash left behind, later a
// tournament whose results changed — and announces each rebuild on the live channel.
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { createTestEnv } from '../../../../tests/test-app'
import {
  insertAccount,
  insertBracketTournament,
  completeBracket,
} from '../../../../tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/test-database'
import { bets, bracketStandings, matches, standingsBuilds, tournaments } from '../../db/schema'
import { createLogger } from '../../logger'
import { placeBet } from '../bets/bets.service'
import { createDatabaseListener } from '../live/live-listener'
import type { LiveEvent } from '../live/live-events'
import { findStaleStandings, startStandingsRefresher } from './standings-refresher'

describe.each(testDatabaseKinds)('standings refresher on %s', (kind) => {
  const database = useTestDatabase(kind)
  const logger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))

  it('builds what is stale at start, rebuilds after a result, and says so live', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const fan = await insertAccount(db, { balance: 500 })
    const { picks, mvpPlayerId } = completeBracket(bracket)
    await placeBet(db, { userId: fan.userId, tournamentId: id, picks, mvpPlayerId })
    const [bet] = await db.select().from(bets).where(eq(bets.tournamentId, id))
    // Still open: nothing to build.
    expect((await findStaleStandings(db)).map((row) => row.tournamentId)).not.toContain(id)
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000) })
      .where(eq(tournaments.id, id))
    expect((await findStaleStandings(db)).map((row) => row.tournamentId)).toContain(id)

    const events: LiveEvent[] = []
    const listener = createDatabaseListener(db, logger)
    await listener.start({ onEvent: (event) => events.push(event), onGap: () => {} })
    const refresher = startStandingsRefresher({ db, logger, pollMs: 20 })
    try {
      const rowOf = async () =>
        (await db.select().from(bracketStandings).where(eq(bracketStandings.betId, bet!.id)))[0]
      await vi.waitFor(
        async () => expect(await rowOf()).toMatchObject({ correct: 0, rankPosition: 1 }),
        {
          timeout: 10_000,
        },
      )
      await vi.waitFor(() =>
        expect(events).toContainEqual({ tournamentId: id, event: 'standings', data: {} }),
      )

      const first = bracket.matches[0]!
      await db.update(matches).set({ winnerTeamId: first.team1Id }).where(eq(matches.id, first.id))
      await vi.waitFor(async () => expect((await rowOf())?.correct).toBe(1), { timeout: 10_000 })
      expect((await findStaleStandings(db)).map((row) => row.tournamentId)).not.toContain(id)
      const [build] = await db
        .select()
        .from(standingsBuilds)
        .where(eq(standingsBuilds.tournamentId, id))
      expect(build?.entries).toBe(1)
    } finally {
      await refresher.stop()
      await listener.stop()
    }
  }, 60_000)
})
