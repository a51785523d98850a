// GET|PUT /api/me/preferences and the one-click unsubscribe on both databases (decision 100).
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createVerifiedAccount, STRONG_PASSWORD } from '#tests/accounts'
import { insertAccount, signInAs } from '#tests/game-factories'
import { createTestApp, TEST_PUBLIC_URL } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { PreferencesSchema } from '#shared/schemas/preferences'
import type { Database } from '#server/db/client'
import { user, userPreferences } from '#server/db/schema'
import { unsubscribeLinks } from '#server/mail/unsubscribe-links'

const DEFAULTS = {
  reminders: true,
  results: true,
  leagueNudges: true,
  locale: 'en',
  timeZone: null,
  // Push on for deadlines, results and leagues; off for the marketing-like second chance.
  push: { reminders: true, results: true, leagueNudges: true, secondChance: false },
}

async function rowOf(db: Database, userId: string) {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId))
  return row
}

function put(browser: TestBrowser, json: unknown) {
  return browser.request('/api/me/preferences', { method: 'PUT', json })
}

describe.each(testDatabaseKinds)('/api/me/preferences on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('answers 401 to a visitor, for reading and for writing, and changes nothing', async () => {
    const { app } = createTestApp(database())
    const visitor = new TestBrowser(app)
    const read = await visitor.get('/api/me/preferences')
    expect(read.status).toBe(401)
    expect((await read.json()).error.code).toBe('UNAUTHENTICATED')
    expect((await put(visitor, { reminders: false })).status).toBe(401)
  })

  it('gives the owner the defaults, then what they saved; another fan keeps their own', async () => {
    const setup = createTestApp(database())
    const owner = await signInAs(setup, database().db)
    const other = await signInAs(setup, database().db)
    expect(await (await owner.browser.get('/api/me/preferences')).json()).toEqual(DEFAULTS)

    const saved = await put(owner.browser, { reminders: false, timeZone: 'Europe/Madrid' })
    expect(saved.status).toBe(200)
    const expected = { ...DEFAULTS, reminders: false, timeZone: 'Europe/Madrid' }
    expect(PreferencesSchema.parse(await saved.json())).toEqual(expected)
    expect(await (await owner.browser.get('/api/me/preferences')).json()).toEqual(expected)

    // Only the fields sent change; null puts the zone back to UTC.
    await put(owner.browser, { locale: 'es', timeZone: null })
    expect(await (await owner.browser.get('/api/me/preferences')).json()).toEqual({
      ...expected,
      locale: 'es',
      timeZone: null,
    })
    // A body naming another fan is refused; the other fan still has the defaults.
    expect((await put(owner.browser, { userId: other.userId, results: false })).status).toBe(400)
    expect(await (await other.browser.get('/api/me/preferences')).json()).toEqual(DEFAULTS)
  })

  it('lets an admin read and change only their own preferences', async () => {
    const setup = createTestApp(database())
    const fan = await signInAs(setup, database().db)
    const admin = await insertAccount(database().db, { role: 'admin', password: STRONG_PASSWORD })
    const browser = new TestBrowser(setup.app)
    const signedIn = await browser.post('/api/auth/sign-in/email', {
      email: admin.email,
      password: STRONG_PASSWORD,
    })
    expect(signedIn.status).toBe(200)
    expect((await put(browser, { results: false })).status).toBe(200)
    expect(await rowOf(database().db, admin.userId)).toMatchObject({ results: false })
    expect(await rowOf(database().db, fan.userId)).toBeUndefined()
    expect(await (await fan.browser.get('/api/me/preferences')).json()).toEqual(DEFAULTS)
  })

  it('refuses bad input with 400 VALIDATION_FAILED and changes nothing', async () => {
    const setup = createTestApp(database())
    const owner = await signInAs(setup, database().db)
    const bad: unknown[] = [
      {},
      { reminders: 'no' },
      { reminders: null },
      { locale: 'fr' },
      { timeZone: 'Mars/Olympus' },
      { timeZone: '' },
      { timeZone: 'x'.repeat(65) },
      { timeZone: 42 },
      { results: false, extra: 1 },
      { push: {} },
      { push: { results: 'off' } },
      { push: { marketing: true } },
      { push: null },
      [],
      null,
    ]
    for (const body of bad) {
      const res = await put(owner.browser, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await res.json()).error.code).toBe('VALIDATION_FAILED')
    }
    expect(await rowOf(database().db, owner.userId)).toBeUndefined()
  })

  it('keeps the push channel beside the mail one: each switch on its own, merged, old bodies too', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db)
    // Push off for results: mail results stay on, the other push switches keep their defaults.
    const saved = await put(owner.browser, { push: { results: false } })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ ...DEFAULTS, push: { ...DEFAULTS.push, results: false } })
    // A second change merges with the first, and a mail-only body (as the web sent before push
    // existed) leaves the push switches alone.
    await put(owner.browser, { push: { secondChance: true } })
    await put(owner.browser, { reminders: false })
    expect(await (await owner.browser.get('/api/me/preferences')).json()).toEqual({
      ...DEFAULTS,
      reminders: false,
      push: { ...DEFAULTS.push, results: false, secondChance: true },
    })
    // Only the switches a fan chose are stored: a kind added later gets its own default.
    expect(await rowOf(db, owner.userId)).toMatchObject({
      push: { results: false, secondChance: true },
    })
  })

  it('records the language a fan signed up in', async () => {
    const setup = createTestApp(database())
    const spanish = await createVerifiedAccount(setup, database(), { lang: 'es' })
    const english = await createVerifiedAccount(setup, database(), { lang: 'en' })
    expect((await (await spanish.browser.get('/api/me/preferences')).json()).locale).toBe('es')
    expect((await (await english.browser.get('/api/me/preferences')).json()).locale).toBe('en')
  })

  it('records the browser’s time zone at sign-up, and ignores one it does not know', async () => {
    const setup = createTestApp(database())
    const zoneOf = async (values: Record<string, unknown>) => {
      const fan = await createVerifiedAccount(setup, database(), values)
      return (await (await fan.browser.get('/api/me/preferences')).json()).timeZone
    }
    expect(await zoneOf({ lang: 'es', timeZone: 'Europe/Madrid' })).toBe('Europe/Madrid')
    expect(await zoneOf({ lang: 'en', timeZone: 'Mars/Olympus_Mons' })).toBeNull()
    expect(await zoneOf({ lang: 'en' })).toBeNull()
    // The header the server passes on is its own: a client's copy of it is dropped.
    const browser = new TestBrowser(setup.app)
    const email = `zone-${Date.now()}@example.test`
    const res = await browser.post(
      '/api/auth/sign-up/email',
      { username: `zone${Date.now() % 1_000_000}`, email, password: STRONG_PASSWORD, lang: 'en' },
      { 'x-golden-point-time-zone': 'America/Lima' },
    )
    expect(res.status, await res.clone().text()).toBe(200)
    const [row] = await database()
      .db.select({ timeZone: userPreferences.timeZone })
      .from(userPreferences)
      .innerJoin(user, eq(user.id, userPreferences.userId))
      .where(eq(user.email, email))
    expect(row).toEqual({ timeZone: null })
  })
})

describe.each(testDatabaseKinds)('/api/unsubscribe on %s', (kind) => {
  const database = useTestDatabase(kind)

  function tokenOf(url: string) {
    return new URL(url).searchParams.get('token')!
  }

  const resultsOf = (userId: string) => rowOf(database().db, userId)

  it('turns that kind off with one click, without a session, again and again', async () => {
    const setup = createTestApp(database())
    const fan = await insertAccount(database().db)
    const links = unsubscribeLinks(setup.env, fan.userId, 'results')
    const mailClient = new TestBrowser(setup.app, { origin: null })
    // What a mail client sends (RFC 8058): a form post to the header's URL.
    const path = links.oneClickUrl.slice(TEST_PUBLIC_URL.length)
    const oneClick = () =>
      mailClient.request(path, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
    const first = await oneClick()
    expect(first.status, await first.clone().text()).toBe(200)
    expect(await first.json()).toEqual({ kind: 'results' })
    expect(await resultsOf(fan.userId)).toMatchObject({ results: false, reminders: true })

    // Replayed: the same answer, still off; the page's own POST (same origin) works too.
    const again = await oneClick()
    expect(again.status).toBe(200)
    const page = await new TestBrowser(setup.app).request(path, { method: 'POST' })
    expect(page.status).toBe(200)
    expect(await resultsOf(fan.userId)).toMatchObject({ results: false, reminders: true })
  })

  it('takes the one-click post with Origin: null (a sandboxed mail view); another site stays refused', async () => {
    const setup = createTestApp(database())
    const fan = await insertAccount(database().db)
    const links = unsubscribeLinks(setup.env, fan.userId, 'reminders')
    const path = links.oneClickUrl.slice(TEST_PUBLIC_URL.length)
    const post = (origin: string) =>
      new TestBrowser(setup.app, { origin: null }).request(path, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      })
    const foreign = await post('https://evil.example')
    expect(foreign.status).toBe(403)
    expect(await resultsOf(fan.userId)).toBeUndefined()
    const opaque = await post('null')
    expect(opaque.status, await opaque.clone().text()).toBe(200)
    expect(await opaque.json()).toEqual({ kind: 'reminders' })
    expect(await resultsOf(fan.userId)).toMatchObject({ reminders: false, results: true })
    // Origin: null is let through on this path only.
    const elsewhere = await new TestBrowser(setup.app, { origin: null }).request(
      '/api/auth/sign-in/email',
      {
        method: 'POST',
        json: { email: 'a@example.test', password: 'password-123' },
        headers: { Origin: 'null' },
      },
    )
    expect(elsewhere.status).toBe(403)
  })

  it('tells the page what a link turns off without changing anything (GET)', async () => {
    const setup = createTestApp(database())
    const fan = await insertAccount(database().db)
    const token = tokenOf(unsubscribeLinks(setup.env, fan.userId, 'leagueNudges').pageUrl)
    const res = await new TestBrowser(setup.app).get(
      `/api/unsubscribe?token=${encodeURIComponent(token)}`,
    )
    expect(await res.json()).toEqual({ kind: 'leagueNudges' })
    expect(await resultsOf(fan.userId)).toBeUndefined()
  })

  it('refuses a tampered, foreign or unknown token with 400 and changes nothing', async () => {
    const setup = createTestApp(database())
    const fan = await insertAccount(database().db)
    const token = tokenOf(unsubscribeLinks(setup.env, fan.userId, 'reminders').pageUrl)
    const otherSecret = { ...setup.env, BETTER_AUTH_SECRET: 'z'.repeat(48) }
    const goneToken = tokenOf(unsubscribeLinks(setup.env, 'no-such-user', 'reminders').pageUrl)
    const bad = [
      token.replace('.reminders.', '.results.'),
      `${token.slice(0, -3)}abc`,
      tokenOf(unsubscribeLinks(otherSecret, fan.userId, 'reminders').pageUrl),
      'not-a-token',
      goneToken,
    ]
    const browser = new TestBrowser(setup.app)
    for (const candidate of bad) {
      const res = await browser.request(`/api/unsubscribe?token=${encodeURIComponent(candidate)}`, {
        method: 'POST',
      })
      expect(res.status, candidate).toBe(400)
      expect((await res.json()).error.code).toBe('INVALID_UNSUBSCRIBE_LINK')
    }
    const missing = await browser.request('/api/unsubscribe', { method: 'POST' })
    expect(missing.status).toBe(400)
    expect(await resultsOf(fan.userId)).toBeUndefined()
    expect(await resultsOf('no-such-user')).toBeUndefined()
  })
})
