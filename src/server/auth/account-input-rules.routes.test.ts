// Display names that impersonate and passwords an attacker tries first (issue #14, items 5 and 6;
// docs/decisions/067): refused at sign-up, update-user, reset and change-password, with nothing
// stored.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  createVerifiedAccount,
  readMailbox,
  signUp,
  STRONG_PASSWORD,
  tokenFromMail,
  uniqueEmail,
  uniqueUsername,
} from '#tests/accounts'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { user } from '#server/db/schema'

const IMPERSONATIONS = (victim: string) => [
  victim,
  victim.toUpperCase(),
  'Admin Team',
  'Admin_Team',
  `${victim}\u200B`,
  `\u202E${victim}`,
  `${victim}\u2066`,
  'x'.repeat(300),
  '',
]

async function expectRefused(res: Response, reason: string) {
  const body = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(400)
  expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason } })
}

describe.each(testDatabaseKinds)('account input rules on %s', (kind) => {
  const database = useTestDatabase(kind)
  const setUp = () => createTestApp(database())
  const findUser = async (email: string) => {
    const [row] = await database().db.select().from(user).where(eq(user.email, email))
    return row
  }

  it('refuses a sign-up whose display name is not its own username, and one without a username', async () => {
    const setup = setUp()
    const victim = await createVerifiedAccount(setup, database())
    for (const displayUsername of IMPERSONATIONS(victim.username)) {
      const { res, input } = await signUp(new TestBrowser(setup.app), { displayUsername })
      await expectRefused(res, 'INVALID_DISPLAY_USERNAME')
      expect(await findUser(input.email), JSON.stringify(displayUsername)).toBeUndefined()
    }
    for (const username of [undefined, null, '', 42]) {
      const email = uniqueEmail('nameless')
      const res = await new TestBrowser(setup.app).post('/api/auth/sign-up/email', {
        email,
        password: STRONG_PASSWORD,
        ...(username === undefined ? {} : { username }),
      })
      await expectRefused(res, 'USERNAME_REQUIRED')
      expect(await findUser(email)).toBeUndefined()
    }
    // Only the username's letter case may differ; it is shown as typed.
    const own = uniqueUsername('Case')
    const { res, input } = await signUp(new TestBrowser(setup.app), {
      username: own,
      displayUsername: own.toUpperCase(),
    })
    expect(res.status).toBe(200)
    expect(await findUser(input.email)).toMatchObject({
      username: own.toLowerCase(),
      displayUsername: own.toUpperCase(),
    })
  })

  it('bounds name and refuses a picture address at sign-up', async () => {
    const setup = setUp()
    for (const name of ['x'.repeat(101), 'Ana\u202Eetam', '\u200B', '   ', 7]) {
      const { res, input } = await signUp(new TestBrowser(setup.app), { name })
      await expectRefused(res, 'INVALID_NAME')
      expect(await findUser(input.email)).toBeUndefined()
    }
    for (const image of [
      'https://evil.example/admin-badge.png',
      'data:image/png;base64,AAAA',
      '',
    ]) {
      const { res, input } = await signUp(new TestBrowser(setup.app), { image })
      await expectRefused(res, 'INVALID_IMAGE')
      expect(await findUser(input.email)).toBeUndefined()
    }
  })

  it('refuses impersonating display names, long names and pictures through update-user', async () => {
    const setup = setUp()
    const victim = await createVerifiedAccount(setup, database())
    const fan = await createVerifiedAccount(setup, database())
    const before = await findUser(fan.email)
    for (const displayUsername of IMPERSONATIONS(victim.username)) {
      const res = await fan.browser.post('/api/auth/update-user', { displayUsername })
      await expectRefused(res, 'INVALID_DISPLAY_USERNAME')
    }
    await expectRefused(
      await fan.browser.post('/api/auth/update-user', { name: 'n'.repeat(300) }),
      'INVALID_NAME',
    )
    await expectRefused(
      await fan.browser.post('/api/auth/update-user', { image: 'https://evil.example/a.png' }),
      'INVALID_IMAGE',
    )
    const after = await findUser(fan.email)
    expect(after).toMatchObject({
      displayUsername: before!.displayUsername,
      name: before!.name,
      image: null,
    })

    // Letter case of one's own username is fine, and /api/me shows it.
    const shout = fan.username.toUpperCase()
    expect(
      (await fan.browser.post('/api/auth/update-user', { displayUsername: shout })).status,
    ).toBe(200)
    expect((await (await fan.browser.get('/api/me')).json()).user.username).toBe(shout)
  })

  it('moves the shown name along with a new username', async () => {
    const setup = setUp()
    const fan = await createVerifiedAccount(setup, database())
    const renamed = uniqueUsername('Renamed')
    const res = await fan.browser.post('/api/auth/update-user', { username: renamed })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await findUser(fan.email)).toMatchObject({
      username: renamed.toLowerCase(),
      displayUsername: renamed,
    })
    // The old username is free for someone else, and nobody else is shown as it.
    const { res: reused } = await signUp(new TestBrowser(setup.app), { username: fan.username })
    expect(reused.status).toBe(200)
    const shown = await database()
      .db.select({ shown: user.displayUsername })
      .from(user)
      .where(eq(user.displayUsername, fan.username))
    expect(shown).toHaveLength(1)
  })

  it('refuses common passwords and the account’s own name at sign-up, with nothing stored', async () => {
    const setup = setUp()
    const username = uniqueUsername('Strong')
    const email = uniqueEmail('strong')
    for (const password of [
      'password',
      '12345678',
      'qwertyuiop',
      'iloveyou1',
      'P@ssw0rd123',
      'goldenpoint',
      username,
      username.toUpperCase(),
      email,
    ]) {
      const { res } = await signUp(new TestBrowser(setup.app), { username, email, password })
      await expectRefused(res, 'PASSWORD_TOO_WEAK')
    }
    expect(await findUser(email)).toBeUndefined()
    expect(await readMailbox(setup, database(), email)).toEqual([])
    // Too short still says so (the more precise reason).
    await expectRefused(
      (await signUp(new TestBrowser(setup.app), { password: 'abc' })).res,
      'PASSWORD_TOO_SHORT',
    )
    const { res } = await signUp(new TestBrowser(setup.app), { username, email })
    expect(res.status).toBe(200)
  })

  it('refuses a weak new password at reset without spending the link, and at change-password', async () => {
    const setup = setUp()
    const fan = await createVerifiedAccount(setup, database())
    await new TestBrowser(setup.app).post('/api/auth/request-password-reset', { email: fan.email })
    const [mail] = await readMailbox(setup, database(), fan.email)
    const token = tokenFromMail(mail!)
    for (const newPassword of ['password1', fan.username, fan.email]) {
      const res = await new TestBrowser(setup.app).post('/api/auth/reset-password', {
        token,
        newPassword,
      })
      await expectRefused(res, 'PASSWORD_TOO_WEAK')
    }
    const good = await new TestBrowser(setup.app).post('/api/auth/reset-password', {
      token,
      newPassword: 'a-brand-new-Password-42',
    })
    expect(good.status).toBe(200)

    const other = await createVerifiedAccount(setup, database())
    for (const newPassword of ['12345678', other.username]) {
      const res = await other.browser.post('/api/auth/change-password', {
        currentPassword: STRONG_PASSWORD,
        newPassword,
      })
      await expectRefused(res, 'PASSWORD_TOO_WEAK')
    }
    const changed = await other.browser.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'another-Strong-Padel-Phrase-9',
    })
    expect(changed.status).toBe(200)
  })
})
