// The refresher rebuilds what it finds stale — at start-up what a crash left behind, later a
// tournament whose results changed, at once when a live event announces the change — and
// announces each rebuild on the live channel. A settled tournament with a build is not looked at.
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { createTestEnv } from '#tests/test-app'
import { insertAccount, insertBracketTournament, completeBracket } from '#tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { matches, standingsBuilds, tournamentSettlements, tournaments } from '#server/db/schema'
import type { Database } from '#server/db/client'
import { createLogger } from '#server/logger'
import { placeBet } from '#server/features/bets/place-bet.service'
import { createDatabaseListener } from '#server/game/live-listener'
import { publishLiveEvent, type LiveEvent } from '#server/game/live-events'
import { findStaleStandings, startStandingsRefresher } from './standings-refresher'
import { getStandings } from './standings.service'

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
    const refresher = startStandingsRefresher({ db, logger, quietMs: 20, idlePollMs: 50 })
    try {
      const rowOf = () => ownRowOf(db, id, fan.userId)
      await vi.waitFor(async () => expect(await rowOf()).toMatchObject({ correct: 0, rank: 1 }), {
        timeout: 10_000,
      })
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

  it('wakes on a result event long before its idle poll; skips a settled tournament built', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const fan = await insertAccount(db, { balance: 500 })
    const { picks, mvpPlayerId } = completeBracket(bracket)
    await placeBet(db, { userId: fan.userId, tournamentId: id, picks, mvpPlayerId })
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000) })
      .where(eq(tournaments.id, id))
    const rowOf = () => ownRowOf(db, id, fan.userId)

    // Polls once at start, then not for a minute: only the event can bring the rebuild.
    const refresher = startStandingsRefresher({
      db,
      logger,
      listener: createDatabaseListener(db, logger),
      quietMs: 20,
      idlePollMs: 60_000,
    })
    try {
      await vi.waitFor(async () => expect(await rowOf()).toMatchObject({ correct: 0 }), {
        timeout: 10_000,
      })
      const first = bracket.matches[0]!
      await db.transaction(async (tx) => {
        await tx
          .update(matches)
          .set({ winnerTeamId: first.team1Id })
          .where(eq(matches.id, first.id))
        await publishLiveEvent(tx, id, 'result', { matchId: first.id })
      })
      await vi.waitFor(async () => expect((await rowOf())?.correct).toBe(1), { timeout: 10_000 })

      // Settled with a build: its digest is no longer computed, whatever changes.
      await db.insert(tournamentSettlements).values({
        tournamentId: id,
        state: 'completed',
        prizePool: 0,
        participantCount: 1,
        totalWinners: 0,
        tierCounts: {},
        processedAt: new Date(),
      })
      const second = bracket.matches[1]!
      await db
        .update(matches)
        .set({ winnerTeamId: second.team1Id })
        .where(eq(matches.id, second.id))
      expect((await findStaleStandings(db)).map((row) => row.tournamentId)).not.toContain(id)
    } finally {
      await refresher.stop()
    }
  }, 60_000)
})

/** The fan's own row as a read finds it (the refresher runs: the read never rebuilds). */
async function ownRowOf(db: Database, tournamentId: string, userId: string) {
  return (await getStandings(db, tournamentId, { userId, page: 1, pageSize: 1 })).me
}
