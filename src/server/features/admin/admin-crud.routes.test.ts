import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  AdminMatchListSchema,
  AdminPlayerListSchema,
  AdminPlayerSchema,
  AdminTeamListSchema,
  AdminTeamSchema,
  AdminTournamentListSchema,
  AdminTournamentSchema,
  AuditListSchema,
  GenerateBracketResultSchema,
  TournamentInputSchema,
} from '#shared/schemas/admin'
import { insertPlayer, insertTournament } from '#tests/factories'
import { closedDeadlineValues } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import type { TestBrowser } from '#tests/test-browser'
import { errorOf, put, signInAdmin } from './admin-test-support'

const DAY = 24 * 60 * 60 * 1000

function tournamentBody(overrides: Record<string, unknown> = {}) {
  const start = Date.now() + 10 * DAY
  return {
    name: `  Open ${randomUUID().slice(0, 6)}  `,
    status: 'upcoming',
    bettingDeadline: new Date(start - DAY).toISOString(),
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * DAY).toISOString(),
    basePool: 5000,
    entryFee: 50,
    multiplier: 0.7,
    ...overrides,
  }
}

async function createPlayers(browser: TestBrowser, count: number) {
  const ids: string[] = []
  for (let i = 0; i < count; i += 1) {
    const res = await browser.post('/api/admin/players', {
      name: `Player ${String(i).padStart(2, '0')} ${randomUUID().slice(0, 4)}`,
      country: 'ES',
      ranking: i + 1,
    })
    expect(res.status).toBe(201)
    ids.push(AdminPlayerSchema.parse(await res.json()).id)
  }
  return ids
}

describe('TournamentInputSchema', () => {
  it("gives every one of the spec's messages together", () => {
    const result = TournamentInputSchema.safeParse({
      name: '   ',
      status: 'upcoming',
      bettingDeadline: '',
      startDate: '',
      endDate: '',
      basePool: -1,
      entryFee: 0,
      multiplier: 0,
    })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((issue) => issue.message).sort()).toEqual(
      [
        'Base pool must be non-negative',
        'Betting deadline is required',
        'End date is required',
        'Entry fee must be greater than 0',
        'Multiplier must be greater than 0',
        'Start date is required',
        'Tournament name is required',
      ].sort(),
    )
  })

  it('checks the order of the dates and the multiplier step', () => {
    const start = '2030-05-01T10:00:00.000Z'
    const result = TournamentInputSchema.safeParse(
      tournamentBody({ startDate: start, endDate: start, bettingDeadline: '2030-05-02T00:00:00Z' }),
    )
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      'End date/time must be after start date/time',
      'Betting deadline must be before or on start date',
    ])
    expect(TournamentInputSchema.safeParse(tournamentBody({ multiplier: 0.7 })).success).toBe(true)
    expect(TournamentInputSchema.safeParse(tournamentBody({ multiplier: 0.75 })).success).toBe(
      false,
    )
    expect(
      TournamentInputSchema.safeParse(
        tournamentBody({
          bettingDeadline: start,
          startDate: start,
          endDate: '2030-05-02T00:00:00Z',
        }),
      ).success,
    ).toBe(true)
  })
})

describe.each(testDatabaseKinds)('admin CRUD on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('creates, lists and updates tournaments with the stored prize config', async () => {
    const setup = createTestApp(database())
    const admin = await signInAdmin(setup, database().db)
    const bad = await admin.browser.post('/api/admin/tournaments', {
      ...tournamentBody(),
      name: ' ',
      entryFee: 0,
    })
    expect(bad.status).toBe(400)
    const error = await errorOf(bad)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.messages).toEqual([
      'Tournament name is required',
      'Entry fee must be greater than 0',
    ])

    const res = await admin.browser.post(
      '/api/admin/tournaments',
      tournamentBody({ basePool: 100 }),
    )
    expect(res.status).toBe(201)
    const created = AdminTournamentSchema.parse(await res.json())
    expect(created.name).not.toMatch(/^\s|\s$/)
    expect(created.prizePoolConfig).toMatchObject({
      base_pool: 100,
      entry_fee: 50,
      multiplier: 0.7,
      calculation_method: 'percentage',
      max_participants: 1000,
      min_participants: 10,
      tiers: { tier_100: { min_accuracy: 100, prize_percentage: 100 } },
    })
    expect(created.currentPrizePool).toBe(100)

    const updated = await put(
      admin.browser,
      `/api/admin/tournaments/${created.id}`,
      tournamentBody({ name: 'Renamed', status: 'active', multiplier: 1.5 }),
    )
    expect(updated.status).toBe(200)
    expect(AdminTournamentSchema.parse(await updated.json())).toMatchObject({
      name: 'Renamed',
      status: 'active',
      multiplier: 1.5,
    })
    const cancelByPut = await put(
      admin.browser,
      `/api/admin/tournaments/${created.id}`,
      tournamentBody({ status: 'cancelled' }),
    )
    expect(cancelByPut.status).toBe(400)
    const { insertAccount } = await import('#tests/game-factories')
    const { insertBet } = await import('#tests/factories')
    const fan = await insertAccount(database().db, { balance: 100 })
    await insertBet(database().db, { ...fan, tournamentId: created.id })
    const feeChange = await put(
      admin.browser,
      `/api/admin/tournaments/${created.id}`,
      tournamentBody({ name: 'Renamed', status: 'active', multiplier: 1.5, entryFee: 60 }),
    )
    expect(feeChange.status).toBe(409)
    const withBet = AdminTournamentSchema.parse(
      await (await admin.browser.get(`/api/admin/tournaments/${created.id}`)).json(),
    )
    // The update set the base pool back to 5000: 5000 + floor(50 × 1 × 1.5).
    expect(withBet).toMatchObject({ participantCount: 1, currentPrizePool: 5075, entryFee: 50 })
    expect((await admin.browser.get(`/api/admin/tournaments/${randomUUID()}`)).status).toBe(404)
    expect((await admin.browser.get('/api/admin/tournaments/not-an-id')).status).toBe(404)

    const list = AdminTournamentListSchema.parse(
      await (await admin.browser.get('/api/admin/tournaments')).json(),
    )
    const starts = list.tournaments.map((t) => t.startDate)
    expect([...starts].sort().reverse()).toEqual(starts)

    const audit = AuditListSchema.parse(
      await (
        await admin.browser.get(`/api/admin/audit?entity=tournament&entityId=${created.id}`)
      ).json(),
    )
    expect(audit.entries.map((entry) => entry.action)).toEqual(['update', 'create'])
    expect(audit.entries[0]).toMatchObject({
      actorId: admin.userId,
      before: { name: created.name },
      after: { name: 'Renamed' },
    })
  })

  it('creates, searches and updates players', async () => {
    const setup = createTestApp(database())
    const admin = await signInAdmin(setup, database().db)
    const tag = randomUUID().slice(0, 6)
    const missing = await admin.browser.post('/api/admin/players', { name: ' ', country: '' })
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).messages).toEqual(['Name is required', 'Country is required'])
    const negative = await admin.browser.post('/api/admin/players', {
      name: 'A',
      country: 'ES',
      ranking: -1,
    })
    expect(negative.status).toBe(400)

    const b = await admin.browser.post('/api/admin/players', {
      name: `Zed Bela ${tag}`,
      country: 'ES',
    })
    const a = await admin.browser.post('/api/admin/players', {
      name: ` Ana Bela ${tag} `,
      country: ' AR ',
      ranking: 3,
    })
    expect(b.status).toBe(201)
    const ana = AdminPlayerSchema.parse(await a.json())
    expect(ana).toMatchObject({ name: `Ana Bela ${tag}`, country: 'AR', ranking: 3 })
    expect(AdminPlayerSchema.parse(await b.json()).ranking).toBe(0)

    const found = AdminPlayerListSchema.parse(
      await (await admin.browser.get(`/api/admin/players?search=BELA ${tag.toUpperCase()}`)).json(),
    )
    expect(found.players.map((p) => p.name)).toEqual([`Ana Bela ${tag}`, `Zed Bela ${tag}`])
    const percent = AdminPlayerListSchema.parse(
      await (await admin.browser.get('/api/admin/players?search=%25')).json(),
    )
    expect(percent.players).toEqual([])

    const updated = await put(admin.browser, `/api/admin/players/${ana.id}`, {
      name: 'Ana B',
      country: 'AR',
    })
    expect(updated.status).toBe(200)
    expect(AdminPlayerSchema.parse(await updated.json())).toMatchObject({
      name: 'Ana B',
      ranking: 0,
    })
    expect((await admin.browser.get(`/api/admin/players/${randomUUID()}`)).status).toBe(404)
    expect(
      (await put(admin.browser, `/api/admin/players/${randomUUID()}`, { name: 'x', country: 'y' }))
        .status,
    ).toBe(404)
  })

  it('creates teams of two different existing players and lists them with names', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const tournament = await insertTournament(db)
    const [p1, p2, p3] = await createPlayers(admin.browser, 3)

    const same = await admin.browser.post('/api/admin/teams', {
      tournamentId: tournament.id,
      player1Id: p1,
      player2Id: p1,
    })
    expect(same.status).toBe(400)
    expect((await errorOf(same)).messages).toEqual(['Players must be different'])
    const unknown = await admin.browser.post('/api/admin/teams', {
      tournamentId: tournament.id,
      player1Id: p1,
      player2Id: randomUUID(),
    })
    expect(unknown.status).toBe(400)
    expect((await errorOf(unknown)).messages).toEqual(['Player not found'])

    const res = await admin.browser.post('/api/admin/teams', {
      tournamentId: tournament.id,
      player1Id: p1,
      player2Id: p2,
    })
    expect(res.status).toBe(201)
    const team = AdminTeamSchema.parse(await res.json())
    expect(team.player1.name).toMatch(/^Player 00/)
    const twice = await admin.browser.post('/api/admin/teams', {
      tournamentId: tournament.id,
      player1Id: p2,
      player2Id: p3,
    })
    expect(twice.status).toBe(400)
    // The reason names the taken player's field, whichever place they take in the new pair.
    expect(await twice.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        reason: 'PLAYER_ALREADY_PAIRED',
        message: 'This player is already in another pair of this tournament.',
        details: {
          issues: [
            { path: 'player1Id', code: 'invalid_reference', message: 'PLAYER_ALREADY_PAIRED' },
          ],
        },
      },
    })
    const secondTaken = await admin.browser.post('/api/admin/teams', {
      tournamentId: tournament.id,
      player1Id: p3,
      player2Id: p1,
    })
    expect(secondTaken.status).toBe(400)
    expect(
      ((await secondTaken.json()) as { error: { details: { issues: { path: string }[] } } }).error
        .details.issues[0]?.path,
    ).toBe('player2Id')

    const updated = await put(admin.browser, `/api/admin/teams/${team.id}`, {
      tournamentId: tournament.id,
      player1Id: p1,
      player2Id: p3,
    })
    expect(updated.status).toBe(200)
    const list = AdminTeamListSchema.parse(
      await (await admin.browser.get(`/api/admin/teams?tournamentId=${tournament.id}`)).json(),
    )
    expect(list.teams.map((t) => [t.player1Id, t.player2Id])).toEqual([[p1, p3]])
    expect((await admin.browser.get(`/api/admin/teams/${randomUUID()}`)).status).toBe(404)
  })

  it('draws the bracket from 16 pairs, advances winners and clears them back', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    // Betting has closed: results are taken only then (decision 068).
    const tournament = await insertTournament(db, closedDeadlineValues())
    const playerIds = await createPlayers(admin.browser, 32)
    const teamIds: string[] = []
    // Pairs made in reverse ranking order: the draw must sort them by ranking.
    for (let i = 15; i >= 0; i -= 1) {
      const res = await admin.browser.post('/api/admin/teams', {
        tournamentId: tournament.id,
        player1Id: playerIds[2 * i],
        player2Id: playerIds[2 * i + 1],
      })
      teamIds.unshift(AdminTeamSchema.parse(await res.json()).id)
    }
    const { teams: teamRows } = await import('#server/db/schema')
    const { eq } = await import('drizzle-orm')
    for (const [i, id] of teamIds.entries()) {
      await db
        .update(teamRows)
        .set({ ranking: i + 1 })
        .where(eq(teamRows.id, id))
    }
    const tooFew = await insertTournament(db)
    expect((await admin.browser.post(`/api/admin/tournaments/${tooFew.id}/bracket`)).status).toBe(
      409,
    )

    const res = await admin.browser.post(`/api/admin/tournaments/${tournament.id}/bracket`)
    expect(res.status).toBe(201)
    const { matches } = GenerateBracketResultSchema.parse(await res.json())
    expect(matches).toHaveLength(15)
    const r16 = matches.filter((m) => m.round === 'round16')
    expect(
      r16.map((m) => [teamIds.indexOf(m.team1Id!) + 1, teamIds.indexOf(m.team2Id!) + 1]),
    ).toEqual([
      [1, 16],
      [8, 9],
      [5, 12],
      [4, 13],
      [6, 11],
      [3, 14],
      [7, 10],
      [2, 15],
    ])
    expect(
      (await admin.browser.post(`/api/admin/tournaments/${tournament.id}/bracket`)).status,
    ).toBe(409)
    const teams = AdminTeamListSchema.parse(
      await (await admin.browser.get(`/api/admin/teams?tournamentId=${tournament.id}`)).json(),
    )
    expect(teams.teams.map((t) => t.seed)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1))

    const body = (match: (typeof matches)[number], winnerTeamId: string | null) => ({
      tournamentId: tournament.id,
      round: match.round,
      matchNumber: match.matchNumber,
      team1Id: match.team1Id,
      team2Id: match.team2Id,
      winnerTeamId,
    })
    const [m1, m2] = r16
    expect(
      (await put(admin.browser, `/api/admin/matches/${m1!.id}`, body(m1!, teamIds[15]!))).status,
    ).toBe(200)
    expect(
      (await put(admin.browser, `/api/admin/matches/${m2!.id}`, body(m2!, teamIds[7]!))).status,
    ).toBe(200)
    const qf1 = async () =>
      AdminMatchListSchema.parse(
        await (await admin.browser.get(`/api/admin/matches?tournamentId=${tournament.id}`)).json(),
      ).matches.find((m) => m.round === 'quarterfinal' && m.matchNumber === 1)!
    expect(await qf1()).toMatchObject({ team1Id: teamIds[15], team2Id: teamIds[7] })
    expect((await qf1()).team1!.name).toContain(' / ')

    // A winner of the quarterfinal depends on team 1 being there: changing m1 is refused.
    const quarter = await qf1()
    expect(
      (await put(admin.browser, `/api/admin/matches/${quarter.id}`, body(quarter, teamIds[15]!)))
        .status,
    ).toBe(200)
    const refused = await put(admin.browser, `/api/admin/matches/${m1!.id}`, body(m1!, null))
    expect(refused.status).toBe(409)
    // Clear from the top down: the quarterfinal, then the round of 16 match.
    expect(
      (await put(admin.browser, `/api/admin/matches/${quarter.id}`, body(quarter, null))).status,
    ).toBe(200)
    expect((await put(admin.browser, `/api/admin/matches/${m1!.id}`, body(m1!, null))).status).toBe(
      200,
    )
    expect(await qf1()).toMatchObject({ team1Id: null, team2Id: teamIds[7], winnerTeamId: null })

    const invalid = await put(admin.browser, `/api/admin/matches/${m1!.id}`, {
      ...body(m1!, randomUUID()),
      matchNumber: 0,
    })
    expect(invalid.status).toBe(400)
    expect((await errorOf(invalid)).messages).toEqual([
      'Match number must be at least 1',
      'Winner must be one of the two teams',
    ])
    const duplicate = await admin.browser.post('/api/admin/matches', body(m1!, null))
    expect(duplicate.status).toBe(409)

    const audit = AuditListSchema.parse(
      await (await admin.browser.get(`/api/admin/audit?entity=match&entityId=${m1!.id}`)).json(),
    )
    expect(audit.entries.map((entry) => entry.action)).toEqual(['update', 'update'])
  })

  it('sets the MVP only for a completed tournament and one of its players', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const { insertBracketTournament } = await import('#tests/game-factories')
    const bracket = await insertBracketTournament(db, { status: 'active' })
    const player = bracket.teams[0]!.player1Id
    const url = `/api/admin/tournaments/${bracket.tournament.id}/mvp`
    expect((await admin.browser.post(url, { playerId: player })).status).toBe(409)
    const { tournaments } = await import('#server/db/schema')
    const { eq } = await import('drizzle-orm')
    await db
      .update(tournaments)
      .set({ status: 'completed' })
      .where(eq(tournaments.id, bracket.tournament.id))
    const outsider = await insertPlayer(db)
    expect((await admin.browser.post(url, { playerId: outsider.id })).status).toBe(400)
    const res = await admin.browser.post(url, { playerId: player })
    expect(res.status).toBe(200)
    expect(AdminTournamentSchema.parse(await res.json()).mvpPlayerId).toBe(player)
  })
})
