// Running seasons (docs/product.md "Seasons"): an admin creates and edits seasons and puts tournaments
// in them; a tournament is in one season at most; a counted (settled) tournament may neither move
// nor leave, nor its season be deleted; bad input is a 4xx that changes nothing.
import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminSeasonListSchema, AdminSeasonSchema } from '#shared/schemas/season'
import { auditLog, seasons, seasonTournaments } from '#server/db/schema'
import { errorOf, put, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'
import { settleTournament } from '#server/features/settlement/settle.service'
import { betBody, insertBracketTournament, playOut } from '#tests/game-factories'
import { insertTournament } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const SEASON = { name: 'Premier Padel 2026', startsOn: '2026-01-01', endsOn: '2026-12-31' }

describe.each(testDatabaseKinds)('season administration on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('creates, renames and deletes seasons, refusing bad input and duplicate names', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const created = await admin.browser.post('/api/admin/seasons', SEASON)
    expect(created.status, await created.clone().text()).toBe(201)
    const season = AdminSeasonSchema.parse(await created.json())
    expect(season).toMatchObject({ ...SEASON, tournaments: 0, counted: 0, tournamentList: [] })

    const before = await db.select({ n: count() }).from(seasons)
    const refusals: [unknown, number, string][] = [
      [{ ...SEASON, name: 'premier padel 2026' }, 409, 'CONFLICT'],
      [{ ...SEASON, name: 'x' }, 400, 'VALIDATION_FAILED'],
      [{ ...SEASON, name: 'Other', startsOn: '2026-02-30' }, 400, 'VALIDATION_FAILED'],
      [{ ...SEASON, name: 'Other', endsOn: '2025-12-31' }, 400, 'VALIDATION_FAILED'],
      [{ ...SEASON, name: 'Other', extra: 1 }, 400, 'VALIDATION_FAILED'],
    ]
    for (const [body, status, code] of refusals) {
      const res = await admin.browser.post('/api/admin/seasons', body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect((await errorOf(res)).code).toBe(code)
    }
    expect(await db.select({ n: count() }).from(seasons)).toEqual(before)

    const renamed = await admin.browser.request(`/api/admin/seasons/${season.id}`, {
      method: 'PATCH',
      json: { name: 'Premier Padel 26', endsOn: '2026-11-30' },
    })
    expect(renamed.status).toBe(200)
    expect(AdminSeasonSchema.parse(await renamed.json())).toMatchObject({
      name: 'Premier Padel 26',
      endsOn: '2026-11-30',
    })
    // The stored start is after this end: refused, nothing changed.
    const backwards = await admin.browser.request(`/api/admin/seasons/${season.id}`, {
      method: 'PATCH',
      json: { endsOn: '2025-06-30' },
    })
    expect(backwards.status).toBe(400)
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const id of [unknown, 'not-a-uuid']) {
      const res = await admin.browser.request(`/api/admin/seasons/${id}`, {
        method: 'PATCH',
        json: { name: 'Whatever name' },
      })
      expect(res.status).toBe(404)
    }
    const list = AdminSeasonListSchema.parse(
      await (await admin.browser.get('/api/admin/seasons')).json(),
    )
    expect(list.seasons.map((row) => [row.name, row.endsOn])).toEqual([
      ['Premier Padel 26', '2026-11-30'],
    ])

    const deleted = await admin.browser.request(`/api/admin/seasons/${season.id}`, {
      method: 'DELETE',
    })
    expect(deleted.status).toBe(204)
    expect(await db.select({ n: count() }).from(seasons)).toEqual([{ n: 0 }])
    const audited = await db
      .select({ action: auditLog.action, entity: auditLog.entity })
      .from(auditLog)
    expect(audited.filter((row) => row.entity === 'season').map((row) => row.action)).toEqual([
      'create',
      'update',
      'delete',
    ])
  }, 60_000)

  it('keeps a tournament in one season, and a settled one where it is', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const make = async (name: string) => {
      const res = await admin.browser.post('/api/admin/seasons', { ...SEASON, name })
      return AdminSeasonSchema.parse(await res.json()).id
    }
    const first = await make('First season')
    const second = await make('Second season')
    const open = await insertTournament(db)
    const path = (season: string, tournament: string) =>
      `/api/admin/seasons/${season}/tournaments/${tournament}`

    const added = await put(admin.browser, path(first, open.id), {})
    expect(added.status, await added.clone().text()).toBe(200)
    expect(AdminSeasonSchema.parse(await added.json()).tournamentList).toEqual([
      expect.objectContaining({ tournamentId: open.id, step: null }),
    ])
    // Again: nothing changes. Into the second season: it moves.
    expect((await put(admin.browser, path(first, open.id), {})).status).toBe(200)
    expect((await put(admin.browser, path(second, open.id), {})).status).toBe(200)
    const rows = await db.select().from(seasonTournaments)
    expect(rows.map((row) => [row.seasonId, row.tournamentId])).toEqual([[second, open.id]])
    // Out of a season it is not in: 404; unknown ids: 404.
    const notThere = await admin.browser.request(path(first, open.id), { method: 'DELETE' })
    expect(notThere.status).toBe(404)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await put(admin.browser, path(first, unknown), {})).status).toBe(404)
    expect((await put(admin.browser, path(unknown, open.id), {})).status).toBe(404)
    expect((await put(admin.browser, path('nope', open.id), {})).status).toBe(404)
    const removed = await admin.browser.request(path(second, open.id), { method: 'DELETE' })
    expect(removed.status).toBe(200)
    expect(await db.select().from(seasonTournaments)).toEqual([])

    // A settled tournament is counted: it may not move or leave, and its season stays.
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 500 })
    expect((await put(admin.browser, path(first, bracket.tournament.id), {})).status).toBe(200)
    const bet = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(bet.status).toBe(201)
    await playOut(db, bracket)
    await settleTournament(db, { actorId: admin.userId, tournamentId: bracket.tournament.id })
    // Without a refresher running, the next read counts it.
    const listed = AdminSeasonListSchema.parse(
      await (await admin.browser.get('/api/admin/seasons')).json(),
    )
    expect(listed.seasons.find((row) => row.id === first)).toMatchObject({ counted: 1 })
    const refusals: [Response, string][] = [
      [
        await put(admin.browser, path(second, bracket.tournament.id), {}),
        'SEASON_TOURNAMENT_SETTLED',
      ],
      [
        await admin.browser.request(path(first, bracket.tournament.id), { method: 'DELETE' }),
        'SEASON_TOURNAMENT_SETTLED',
      ],
      [
        await admin.browser.request(`/api/admin/seasons/${first}`, { method: 'DELETE' }),
        'SEASON_HAS_COUNTED_TOURNAMENTS',
      ],
    ]
    for (const [res, reason] of refusals) {
      expect(res.status).toBe(409)
      expect(((await res.json()) as { error: { reason: string } }).error.reason).toBe(reason)
    }
    const still = await db.select().from(seasonTournaments)
    expect(still.map((row) => row.seasonId)).toEqual([first])
  }, 60_000)

  it('is closed to fans and visitors', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    const before = await db.select({ n: count() }).from(seasons)
    expect((await fan.browser.post('/api/admin/seasons', SEASON)).status).toBe(403)
    expect((await new TestBrowser(setup.app).post('/api/admin/seasons', SEASON)).status).toBe(401)
    expect(await db.select({ n: count() }).from(seasons)).toEqual(before)
  })
})
