import { describe, expect, it } from 'vitest'
import { SessionSchema } from '#shared/schemas/me'
import { createVerifiedAccount } from '#tests/accounts'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { namingUser } from '#tests/user-scoped-routes'

// GET /api/session: the web app asks once per page load who is signed in. A visitor is an answer,
// not an error: a 401 there was logged as an error in every guest's browser console (issue #14).
describe.each(testDatabaseKinds)('GET /api/session on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('answers a visitor, a forged cookie and a signed-out browser with 200 and no one', async () => {
    const setup = createTestApp(database())
    const visitor = await new TestBrowser(setup.app).get('/api/session')
    expect(visitor.status).toBe(200)
    expect(visitor.headers.get('Cache-Control')).toBe('no-store')
    expect(SessionSchema.parse(await visitor.json())).toEqual({ me: null })

    const forged = await setup.app.request('/api/session', {
      headers: { Cookie: 'golden-point.session_token=forged.value' },
    })
    expect(forged.status).toBe(200)
    expect(await forged.json()).toEqual({ me: null })

    const account = await createVerifiedAccount(setup, database())
    expect((await account.browser.post('/api/auth/sign-out', {})).status).toBe(200)
    expect(await (await account.browser.get('/api/session')).json()).toEqual({ me: null })
  })

  it('answers a signed-in user with themselves, exactly as GET /api/me, whoever they name', async () => {
    const setup = createTestApp(database())
    const a = await createVerifiedAccount(setup, database(), { username: 'session_a' })
    const b = await createVerifiedAccount(setup, database(), { username: 'session_b' })

    const asA = await a.browser.get('/api/session')
    expect(asA.status).toBe(200)
    expect(asA.headers.get('Cache-Control')).toBe('no-store')
    const { me } = SessionSchema.parse(await asA.json())
    expect(me).toEqual(await (await a.browser.get('/api/me')).json())
    expect(me).toMatchObject({ user: { username: 'session_a', role: 'user' }, balance: 1000 })

    // B naming A in the query or the headers still gets B.
    const [row] = await database().db.query.wallets.findMany({
      where: (wallets, { eq }) => eq(wallets.userId, me!.user.id),
    })
    const naming = namingUser({ userId: me!.user.id, walletId: row!.id, email: a.email })
    const asB = await b.browser.get(`/api/session?${naming.query}`, naming.headers)
    const answer = SessionSchema.parse(await asB.json())
    expect(answer.me?.user.username).toBe('session_b')
    expect(JSON.stringify(answer)).not.toContain(me!.user.id)
  })
})
