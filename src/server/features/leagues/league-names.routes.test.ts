// League names follow the account name rules (docs/decisions/154): NFC, no invisible, control,
// private-use or unassigned characters, no lone surrogates; a public league's name is its own
// (case and accents aside); and nobody's league is called Golden Point.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LeagueSummarySchema } from '#shared/schemas/league'
import type { Database } from '#server/db/client'
import { leagues } from '#server/db/schema'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAs } from '#server/features/admin/admin-test-support'

type Fan = Awaited<ReturnType<typeof signInAs>>

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; reason?: string } }).error

const create = (fan: Fan, name: string, visibility = 'public') =>
  fan.browser.post('/api/leagues', { name, visibility })
const patch = (fan: Fan, id: string, json: Record<string, unknown>) =>
  fan.browser.request(`/api/leagues/${id}`, { method: 'PATCH', json })

async function created(res: Response) {
  expect(res.status, await res.clone().text()).toBe(201)
  return LeagueSummarySchema.parse(await res.json())
}

async function namesIn(db: Database) {
  const rows = await db.select({ name: leagues.name }).from(leagues)
  return rows.map((row) => row.name).sort()
}

const BAD_NAMES: [string, string][] = [
  ['a zero-width space', 'Padel\u200bPals'],
  ['a zero-width joiner', 'Padel\u200dPals'],
  ['a right-to-left override', 'Padel \u202eslaP'],
  ['a left-to-right isolate', 'Padel \u2066Pals'],
  ['a byte order mark inside', 'Padel\ufeffPals'],
  ['a control character', 'Padel\u0007Pals'],
  ['a line break', 'Padel\nPals'],
  ['a tab', 'Padel\tPals'],
  ['a private-use character', 'Padel \ue000 Pals'],
  ['an unassigned code point', 'Padel \u0378 Pals'],
  ['a lone high surrogate', 'Padel \ud800 Pals'],
  ['a lone low surrogate', 'Padel \udc00 Pals'],
]

describe.each(testDatabaseKinds)('league names on %s', (kind) => {
  const database = useTestDatabase(kind)

  it.each(BAD_NAMES)('refuses a name with %s, on create and on rename', async (_, name) => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    const before = await namesIn(db)
    const res = await create(fan, name)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    const league = await created(await create(fan, `Plain ${fan.userId.slice(0, 12)}`, 'private'))
    const renamed = await patch(fan, league.id, { name })
    expect(renamed.status).toBe(400)
    expect((await errorOf(renamed)).code).toBe('VALIDATION_FAILED')
    expect(await namesIn(db)).toEqual([...before, league.name].sort())
  })

  it('stores a name in NFC, and keeps the letters of other scripts', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    const decomposed = await created(await create(fan, 'Cafe\u0301 de los mie\u0301rcoles'))
    expect(decomposed.name).toBe('Café de los miércoles')
    expect(decomposed.name).toBe(decomposed.name.normalize('NFC'))
    const [row] = await db.select().from(leagues).where(eq(leagues.id, decomposed.id))
    expect(row!.name).toBe('Café de los miércoles')
    // Letters of any script, emoji and ordinary punctuation are fine.
    for (const name of ['Ελληνική λίγκα', 'Падел клуб', 'パデル仲間', 'Padel 🎾 pals!']) {
      expect((await create(fan, name, 'private')).status).toBe(201)
    }
  })

  it('a public name is taken whatever its case and accents; private ones may repeat', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const first = await signInAs(setup, db)
    const second = await signInAs(setup, db)
    await created(await create(first, 'Pádel del Jueves'))

    for (const copy of [
      'Pádel del Jueves',
      'pádel del jueves',
      'PADEL DEL JUEVES',
      'Padel  del Jueves',
    ]) {
      const res = await create(second, copy)
      expect(res.status, copy).toBe(409)
      expect(await errorOf(res)).toMatchObject({ code: 'CONFLICT', reason: 'LEAGUE_NAME_TAKEN' })
    }
    // A private league may share the name: nobody finds it by name.
    const hidden = await created(await create(second, 'padel del jueves', 'private'))
    // ... until it goes public, or another public league is renamed to it.
    const shown = await patch(second, hidden.id, { visibility: 'public' })
    expect(shown.status).toBe(409)
    expect((await errorOf(shown)).reason).toBe('LEAGUE_NAME_TAKEN')
    const other = await created(await create(second, 'Viernes de pádel'))
    const renamed = await patch(second, other.id, { name: 'PÁDEL DEL JUEVES' })
    expect(renamed.status).toBe(409)
    expect((await errorOf(renamed)).reason).toBe('LEAGUE_NAME_TAKEN')
    const rows = await db.select().from(leagues).where(eq(leagues.ownerId, second.userId))
    expect(rows.map((row) => [row.name, row.visibility]).sort()).toEqual([
      ['Viernes de pádel', 'public'],
      ['padel del jueves', 'private'],
    ])
    // A league keeps its own name through a change of case.
    expect((await patch(second, other.id, { name: 'VIERNES DE PÁDEL' })).status).toBe(200)
  })

  it('two fans creating the same public name at once: one gets it', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fans = await Promise.all([signInAs(setup, db), signInAs(setup, db)])
    const answers = await Promise.all(fans.map((fan) => create(fan, 'Racing for the name')))
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409])
  })

  it("reserves the product's own name, in any case, accents or spacing", async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    const before = await namesIn(db)
    for (const name of [
      'Golden Point',
      'golden point',
      'GOLDEN-POINT',
      'Gōlden  Point',
      'GoldenPoint',
    ]) {
      for (const visibility of ['public', 'private']) {
        const res = await create(fan, name, visibility)
        expect(res.status, `${name} ${visibility}`).toBe(409)
        expect((await errorOf(res)).reason).toBe('LEAGUE_NAME_TAKEN')
      }
    }
    const league = await created(await create(fan, 'Golden Pointers', 'private'))
    const renamed = await patch(fan, league.id, { name: 'Golden Point' })
    expect(renamed.status).toBe(409)
    expect((await errorOf(renamed)).reason).toBe('LEAGUE_NAME_TAKEN')
    expect(await namesIn(db)).toEqual([...before, 'Golden Pointers'].sort())
  })
})
