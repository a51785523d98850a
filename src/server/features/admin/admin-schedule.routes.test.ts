// The order of play (docs/decisions/141): an admin sets a match's start time and court in the
// match form or for several matches at once; fans and visitors read them on the tournament; bad
// input is 400 with a code; and no change of the schedule moves the bracket version.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminMatchSchema } from '#shared/schemas/admin'
import { TournamentDetailSchema } from '#shared/schemas/tournament'
import { auditLog, matches, tournaments } from '#server/db/schema'
import { insertBracketTournament } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import {
  errorOf,
  matchBody,
  put,
  signInAdmin,
  signInAs,
} from '#server/features/admin/admin-test-support'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const EVENING = '2026-05-02T18:00:00.000Z'

describe.each(testDatabaseKinds)('the order of play on %s', (kind) => {
  const database = useTestDatabase(kind)

  const setUp = async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db)
    return { ...setup, db, bracket, admin, fan, visitor: new TestBrowser(setup.app) }
  }

  const bracketVersion = async (tournamentId: string) => {
    const [row] = await database()
      .db.select({ version: tournaments.bracketVersion })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
    return row!.version
  }

  const stored = async (matchId: string) => {
    const [row] = await database().db.select().from(matches).where(eq(matches.id, matchId))
    return { startsAt: row!.startsAt?.toISOString() ?? null, court: row!.court }
  }

  it('sets a start time and court in the match form and shows them to everyone', async () => {
    const { bracket, admin, fan, visitor } = await setUp()
    const match = bracket.matches[0]!
    const version = await bracketVersion(bracket.tournament.id)

    const res = await put(admin.browser, `/api/admin/matches/${match.id}`, {
      ...matchBody(bracket, 0, null),
      startsAt: '2026-05-02T20:00:00+02:00',
      court: '  Pista Central ',
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(AdminMatchSchema.parse(await res.json())).toMatchObject({
      startsAt: EVENING,
      court: 'Pista Central',
    })
    expect(await bracketVersion(bracket.tournament.id)).toBe(version)

    for (const browser of [visitor, fan.browser, admin.browser]) {
      const detail = TournamentDetailSchema.parse(
        await (await browser.get(`/api/tournaments/${bracket.tournament.id}`)).json(),
      )
      expect(detail.matches[0]).toMatchObject({ startsAt: EVENING, court: 'Pista Central' })
      expect(detail.matches[1]).toMatchObject({ startsAt: null, court: null })
    }

    // A form that does not send the fields keeps them; null and blank clear them.
    await put(admin.browser, `/api/admin/matches/${match.id}`, matchBody(bracket, 0, null))
    expect(await stored(match.id)).toEqual({ startsAt: EVENING, court: 'Pista Central' })
    const cleared = await put(admin.browser, `/api/admin/matches/${match.id}`, {
      ...matchBody(bracket, 0, null),
      startsAt: null,
      court: ' ',
    })
    expect(cleared.status).toBe(200)
    expect(await stored(match.id)).toEqual({ startsAt: null, court: null })
    expect(await bracketVersion(bracket.tournament.id)).toBe(version)
  })

  it('refuses a start time that is not an instant and a court over 40 characters', async () => {
    const { bracket, admin } = await setUp()
    const match = bracket.matches[0]!
    for (const bad of [
      { startsAt: 'tomorrow at six' },
      { startsAt: '2026-05-02T18:00:00' },
      { startsAt: 1_777_000_000 },
      { court: 'x'.repeat(41) },
      { court: 12 },
    ]) {
      const res = await put(admin.browser, `/api/admin/matches/${match.id}`, {
        ...matchBody(bracket, 0, null),
        ...bad,
      })
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
    expect(await stored(match.id)).toEqual({ startsAt: null, court: null })
  })

  it('sets a round in bulk, audited once, and refuses all of it for a stranger match', async () => {
    const { db, bracket, admin } = await setUp()
    const other = await insertBracketTournament(db)
    const path = `/api/admin/tournaments/${bracket.tournament.id}/schedule`
    const version = await bracketVersion(bracket.tournament.id)
    const [first, second] = bracket.matches
    const res = await put(admin.browser, path, {
      matches: [
        { matchId: first!.id, startsAt: EVENING, court: 'Pista Central' },
        { matchId: second!.id, startsAt: '2026-05-02T19:30:00Z', court: 'Pista 2' },
      ],
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const body = (await res.json()) as { matches: unknown[] }
    expect(body.matches.map((row) => AdminMatchSchema.parse(row).court)).toEqual([
      'Pista Central',
      'Pista 2',
    ])
    expect(await stored(second!.id)).toEqual({
      startsAt: '2026-05-02T19:30:00.000Z',
      court: 'Pista 2',
    })
    expect(await bracketVersion(bracket.tournament.id)).toBe(version)
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bracket.tournament.id), eq(auditLog.action, 'schedule')))
    expect(audits).toHaveLength(1)

    const stranger = await put(admin.browser, path, {
      matches: [
        { matchId: first!.id, startsAt: null, court: null },
        { matchId: other.matches[0]!.id, startsAt: EVENING, court: 'Pista 1' },
      ],
    })
    expect(stranger.status).toBe(400)
    expect((await errorOf(stranger)).code).toBe('VALIDATION_FAILED')
    expect(await stored(first!.id)).toEqual({ startsAt: EVENING, court: 'Pista Central' })
    expect(await stored(other.matches[0]!.id)).toEqual({ startsAt: null, court: null })

    const twice = await put(admin.browser, path, {
      matches: [first, first].map((match) => ({ matchId: match!.id, startsAt: null, court: null })),
    })
    expect(twice.status).toBe(400)
    const empty = await put(admin.browser, path, { matches: [] })
    expect(empty.status).toBe(400)
    const unknown = await put(admin.browser, `/api/admin/tournaments/${UNKNOWN_ID}/schedule`, {
      matches: [{ matchId: first!.id, startsAt: null, court: null }],
    })
    expect(unknown.status).toBe(404)
  })

  it('lets only admins write the schedule', async () => {
    const { bracket, fan, visitor } = await setUp()
    const match = bracket.matches[0]!
    const bulk = {
      matches: [{ matchId: match.id, startsAt: EVENING, court: 'Pista Central' }],
    }
    const path = `/api/admin/tournaments/${bracket.tournament.id}/schedule`
    expect((await put(fan.browser, path, bulk)).status).toBe(403)
    expect((await put(visitor, path, bulk)).status).toBe(401)
    const form = { ...matchBody(bracket, 0, null), startsAt: EVENING }
    expect((await put(fan.browser, `/api/admin/matches/${match.id}`, form)).status).toBe(403)
    expect(await stored(match.id)).toEqual({ startsAt: null, court: null })
  })
})
