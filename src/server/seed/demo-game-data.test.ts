import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bracketStructureProblems } from '#domain/bracket/bracket-structure'
import { setScoresProblems } from '#domain/padel/set-scores'
import { settlementProblems } from '#domain/tournament/settlement'
import { isBettingOpen } from '#domain/tournament/tournament'
import { placeBet } from '#server/features/bets/place-bet.service'
import { listTournaments } from '#server/game/tournament-reads'
import { matches, players, teams, tournaments } from '#server/db/schema'
import { betBody, insertAccount } from '#tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { ROUND16_DRAW } from '#domain/bracket/bracket-structure'
import { seedDemoGameData } from './demo-game-data'
import { DEMO_PLAYERS } from './demo-players'

const DAY_MS = 24 * 60 * 60 * 1000

describe.each(testDatabaseKinds)('seedDemoGameData on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function loadTournament(name: string) {
    const { db } = database()
    const [tournament] = await db.select().from(tournaments).where(eq(tournaments.name, name))
    const matchRows = await db
      .select()
      .from(matches)
      .where(eq(matches.tournamentId, tournament!.id))
      .orderBy(asc(matches.round), asc(matches.matchNumber))
    const teamRows = await db
      .select()
      .from(teams)
      .where(eq(teams.tournamentId, tournament!.id))
      .orderBy(asc(teams.seed))
    return { tournament: tournament!, matches: matchRows, teams: teamRows }
  }

  it('fills an empty database with players and a tournament in every state', async () => {
    const { db } = database()
    const now = new Date()
    const result = await seedDemoGameData(db, { now })
    expect(result.seeded).toBe(true)
    expect(result.players).toBe(40)
    expect(result.tournaments.map((t) => t.status)).toEqual([
      'upcoming',
      'upcoming',
      'upcoming',
      'active',
      'completed',
    ])

    const playerRows = await db.select().from(players)
    expect(playerRows).toHaveLength(40)
    expect(new Set(playerRows.map((p) => p.ranking)).size).toBe(40)
    expect(new Set(playerRows.map((p) => p.country)).size).toBeGreaterThanOrEqual(5)
    const topRanked = playerRows.find((p) => p.ranking === 1)
    expect(topRanked?.name).toBe(DEMO_PLAYERS[0]!.name)
    expect(new Set(playerRows.map((p) => p.name)).size).toBe(40)

    const list = await listTournaments(db, { userId: null, now })
    expect(list.tournaments.map((t) => [t.name, t.isBettingOpen, t.pairCount])).toEqual(
      expect.arrayContaining([
        ['Madrid Golden Open', true, 16],
        ['Lisbon Atlantic Cup', true, 16],
        ['Sevilla Indoor Challenge', false, 16],
        ['Buenos Aires Masters', false, 16],
        ['Milano Premier Finals', false, 16],
      ]),
    )
  })

  it('gives the demo players their short names, compound surnames whole', async () => {
    const { db } = database()
    await seedDemoGameData(db)
    const rows = await db.select({ name: players.name, shortName: players.shortName }).from(players)
    const shortNames = new Map(rows.map((row) => [row.name, row.shortName]))
    expect(shortNames.get('Martín Di Nenno')).toBe('Di Nenno')
    expect(shortNames.get('Franco Dal Bianco')).toBe('Dal Bianco')
    expect(shortNames.get('Agustín Gómez Silingo')).toBe('Gómez Silingo')
    expect(shortNames.get('Juan Martín Díaz')).toBe('Díaz')
    expect(shortNames.get('Arturo Coello')).toBe('Coello')
    expect(rows.every((row) => row.shortName && row.name.endsWith(row.shortName))).toBe(true)
  })

  it('draws the open tournament by pair ranking, later rounds still empty', async () => {
    const {
      tournament,
      matches: matchRows,
      teams: teamRows,
    } = await loadTournament('Madrid Golden Open')
    const deadlineIn = tournament.bettingDeadline.getTime() - Date.now()
    expect(deadlineIn).toBeGreaterThan(4.9 * DAY_MS)
    expect(deadlineIn).toBeLessThanOrEqual(5 * DAY_MS)
    expect(isBettingOpen(tournament.status, tournament.bettingDeadline, new Date())).toBe(true)
    expect(bracketStructureProblems(matchRows)).toEqual([])
    expect(teamRows.map((team) => [team.seed, team.ranking])).toEqual(
      Array.from({ length: 16 }, (_, i) => [i + 1, i + 1]),
    )

    const seedOf = new Map(teamRows.map((team) => [team.id, team.seed]))
    const round16 = matchRows.filter((match) => match.round === 'round16')
    expect(
      round16.map((match) => [seedOf.get(match.team1Id!), seedOf.get(match.team2Id!)]),
    ).toEqual(ROUND16_DRAW)
    const later = matchRows.filter((match) => match.round !== 'round16')
    expect(later).toHaveLength(7)
    expect(
      later.every((m) => m.team1Id === null && m.team2Id === null && m.winnerTeamId === null),
    ).toBe(true)
  })

  it('takes a bet on the open tournament', async () => {
    const { db } = database()
    const bracket = await loadTournament('Madrid Golden Open')
    const fan = await insertAccount(db, { balance: 100 })
    const result = await placeBet(db, {
      userId: fan.userId,
      tournamentId: bracket.tournament.id,
      ...betBody({
        matches: bracket.matches,
        teams: bracket.teams.map((team) => ({ ...team, seed: team.seed! })),
      }),
    })
    expect(result.balance).toBe(50)
  })

  it('has a live tournament part-way and a completed one ready to settle', async () => {
    const live = await loadTournament('Buenos Aires Masters')
    expect(live.tournament.status).toBe('active')
    expect(live.matches.filter((match) => match.winnerTeamId !== null)).toHaveLength(10)
    expect(bracketStructureProblems(live.matches)).toEqual([])

    const done = await loadTournament('Milano Premier Finals')
    expect(done.matches.every((match) => match.winnerTeamId !== null)).toBe(true)
    expect(
      settlementProblems({
        status: done.tournament.status,
        matches: done.matches,
        mvpPlayerId: done.tournament.mvpPlayerId,
      }),
    ).toEqual([])
    const final = done.matches.find((match) => match.round === 'final')!
    const champion = done.teams.find((team) => team.id === final.winnerTeamId)!
    expect([champion.player1Id, champion.player2Id]).toContain(done.tournament.mvpPlayerId)
    expect(done.tournament.endDate.getTime()).toBeLessThan(Date.now())
  })

  it('gives every played match set scores that agree with its winner, and no other match any', async () => {
    for (const name of ['Buenos Aires Masters', 'Milano Premier Finals', 'Madrid Golden Open']) {
      const { matches: matchRows } = await loadTournament(name)
      for (const match of matchRows) {
        if (match.winnerTeamId === null) {
          expect(match.sets).toBeNull()
          continue
        }
        const winner = match.winnerTeamId === match.team1Id ? 'pair1' : 'pair2'
        expect(setScoresProblems(match.sets!, winner), `${name} ${match.round}`).toEqual([])
      }
    }
    const { matches: live } = await loadTournament('Buenos Aires Masters')
    expect(live.filter((match) => match.sets !== null)).toHaveLength(10)
  })

  it('does nothing when game data exists', async () => {
    const { db } = database()
    expect(await seedDemoGameData(db)).toEqual({ seeded: false, players: 0, tournaments: [] })
    expect(await db.$count(players)).toBe(40)
    expect(await db.$count(tournaments)).toBe(5)
  })
})
