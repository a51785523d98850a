import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminMatchListSchema, AdminPlayerSchema } from '#shared/schemas/admin'
import { TournamentDetailSchema } from '#shared/schemas/tournament'
import { insertPlayer, insertTournament } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { matches, players, teams } from '#server/db/schema'
import { errorOf, put, signInAdmin } from './admin-test-support'

describe.each(testDatabaseKinds)('player short names on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('stores the short name given, or derives one that keeps a compound surname whole', async () => {
    const admin = await signInAdmin(createTestApp(database()), database().db)
    const tag = randomUUID().slice(0, 6)
    const given = await admin.browser.post('/api/admin/players', {
      name: `Juan Martín Díaz ${tag}`,
      shortName: '  Díaz ',
      country: 'AR',
    })
    expect(given.status).toBe(201)
    expect(AdminPlayerSchema.parse(await given.json()).shortName).toBe('Díaz')

    const derived = await admin.browser.post('/api/admin/players', {
      name: 'Franco Dal Bianco',
      country: 'AR',
    })
    expect(derived.status).toBe(201)
    const player = AdminPlayerSchema.parse(await derived.json())
    expect(player.shortName).toBe('Dal Bianco')

    const edited = await put(admin.browser, `/api/admin/players/${player.id}`, {
      name: 'Franco Dal Bianco',
      shortName: 'F. Dal Bianco',
      country: 'AR',
    })
    expect(edited.status).toBe(200)
    expect(AdminPlayerSchema.parse(await edited.json()).shortName).toBe('F. Dal Bianco')

    // Blank again: back to the default, which follows the full name.
    const cleared = await put(admin.browser, `/api/admin/players/${player.id}`, {
      name: 'Martín Di Nenno',
      shortName: ' ',
      country: 'AR',
    })
    expect(AdminPlayerSchema.parse(await cleared.json()).shortName).toBe('Di Nenno')
  })

  it('refuses a short name longer than 30 characters and changes nothing', async () => {
    const { db } = database()
    const admin = await signInAdmin(createTestApp(database()), db)
    const player = await insertPlayer(db, { name: 'Agustín Gómez Silingo' })
    const tooLong = 'x'.repeat(31)
    const created = await admin.browser.post('/api/admin/players', {
      name: 'Someone New',
      shortName: tooLong,
      country: 'ES',
    })
    expect(created.status).toBe(400)
    expect(await errorOf(created)).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['Short name must be at most 30 characters'],
    })
    const updated = await put(admin.browser, `/api/admin/players/${player.id}`, {
      name: player.name,
      shortName: tooLong,
      country: 'ES',
    })
    expect(updated.status).toBe(400)
    expect(await db.select().from(players).where(eq(players.name, 'Someone New'))).toEqual([])
    const [stored] = await db.select().from(players).where(eq(players.id, player.id))
    expect(stored?.shortName).toBeNull()
  })

  it('sends every pair player’s short name to visitors of the tournament page', async () => {
    const { db } = database()
    const setup = createTestApp(database())
    const tournament = await insertTournament(db)
    const named = await insertPlayer(db, { name: 'Juan Martín Díaz', shortName: 'Díaz' })
    const unnamed = await insertPlayer(db, { name: 'Agustín Gómez Silingo' })
    const [team] = await db
      .insert(teams)
      .values({ tournamentId: tournament.id, player1Id: named.id, player2Id: unnamed.id })
      .returning()

    const res = await new TestBrowser(setup.app).get(`/api/tournaments/${tournament.id}`)
    expect(res.status).toBe(200)
    const [pair] = TournamentDetailSchema.parse(await res.json()).pairs
    expect([pair?.player1.shortName, pair?.player2.shortName]).toEqual(['Díaz', 'Gómez Silingo'])

    // The admin's results page names the pair the same way, by surname.
    await db.insert(matches).values({
      tournamentId: tournament.id,
      round: 'round16',
      matchNumber: 1,
      team1Id: team!.id,
    })
    const admin = await signInAdmin(setup, db)
    const listed = AdminMatchListSchema.parse(
      await (await admin.browser.get(`/api/admin/matches?tournamentId=${tournament.id}`)).json(),
    )
    expect(listed.matches[0]?.team1).toEqual({
      id: team!.id,
      name: 'Juan Martín Díaz / Agustín Gómez Silingo',
      shortName: 'Díaz / Gómez Silingo',
    })
  })
})
