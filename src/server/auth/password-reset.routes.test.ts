// Forgot password → e-mail → /reset-password?token=… → new password (docs/product.md "Screens and routes"; ASVS: single-use
// tokens valid 15 minutes, sessions revoked, no account enumeration).
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createVerifiedAccount,
  readMailbox,
  STRONG_PASSWORD,
  tokenFromMail,
  uniqueEmail,
} from '#tests/accounts'
import { createTestApp, type TestSetup } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import type { DatabaseHandle } from '#server/db/client'

const NEW_PASSWORD = 'a-brand-new-Password-42'

async function requestReset(setup: TestSetup, email: string, lang?: string) {
  const res = await new TestBrowser(setup.app).post('/api/auth/request-password-reset', {
    email,
    ...(lang ? { lang } : {}),
  })
  return { status: res.status, body: await res.json() }
}

async function resetToken(setup: TestSetup, database: DatabaseHandle, email: string) {
  const [mail] = await readMailbox(setup, database, email)
  expect(mail!.text).toMatch(/\/reset-password\?token=/)
  return tokenFromMail(mail!)
}

const resetPassword = (setup: TestSetup, token: string, newPassword = NEW_PASSWORD) =>
  new TestBrowser(setup.app).post('/api/auth/reset-password', { token, newPassword })

const signIn = (setup: TestSetup, email: string, password: string) =>
  new TestBrowser(setup.app).post('/api/auth/sign-in/email', { email, password })

describe.each(testDatabaseKinds)('password reset on %s', (kind) => {
  const database = useTestDatabase(kind)
  afterEach(() => {
    vi.useRealTimers()
  })

  it('refuses a NUL character in any field with 400, before the database sees it', async () => {
    const setup = createTestApp(database())
    for (const res of [
      await resetPassword(setup, '\u0000'),
      await resetPassword(setup, 'token', 'new\u0000password'),
      await signIn(setup, 'fan\u0000@example.com', 'password123'),
    ]) {
      expect(res.status).toBe(400)
      expect((await res.json()).error.code).toBe('VALIDATION_FAILED')
    }
  })

  it('answers known and unknown addresses with the same status and body', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    const known = await requestReset(setup, email)
    const unknown = await requestReset(setup, uniqueEmail('nobody'))
    expect(known).toEqual(unknown)
    expect(known.status).toBe(200)
    expect(known.body).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    })
  })

  it('mails a link to our page in the asked language; the token works once', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    await requestReset(setup, email, 'en')
    const [mail] = await readMailbox(setup, database(), email)
    expect(mail!.subject).toBe('Reset your Golden Point password')
    expect(mail!.text).toContain('http://golden-point.test/reset-password?token=')
    expect(mail!.text).toContain('15 minutes')
    const token = tokenFromMail(mail!)

    const first = await resetPassword(setup, token)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ status: true })
    const again = await resetPassword(setup, token, 'yet-another-Password-7')
    expect(again.status).toBe(400)
    expect((await again.json()).error.code).toBe('INVALID_TOKEN')

    expect((await signIn(setup, email, STRONG_PASSWORD)).status).toBe(401)
    expect((await signIn(setup, email, NEW_PASSWORD)).status).toBe(200)
  })

  it('writes the mail in Spanish by default', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    await requestReset(setup, email)
    const [mail] = await readMailbox(setup, database(), email)
    expect(mail!.subject).toBe('Restablece tu contraseña de Golden Point')
  })

  it('keeps a token valid for 15 minutes and no longer', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    vi.useFakeTimers({ toFake: ['Date'] })
    const issuedAt = new Date('2030-04-01T09:00:00Z').getTime()

    vi.setSystemTime(issuedAt)
    await requestReset(setup, email)
    const lateToken = await resetToken(setup, database(), email)
    vi.setSystemTime(issuedAt + 15 * 60 * 1000 + 1000)
    const late = await resetPassword(setup, lateToken)
    expect(late.status).toBe(400)
    expect((await late.json()).error.code).toBe('INVALID_TOKEN')

    await requestReset(setup, email)
    const inTimeToken = await resetToken(setup, database(), email)
    vi.setSystemTime(issuedAt + 15 * 60 * 1000 + 1000 + 14 * 60 * 1000)
    expect((await resetPassword(setup, inTimeToken)).status).toBe(200)
  })

  it('signs out every session of the account', async () => {
    const setup = createTestApp(database())
    const { email, browser: laptop } = await createVerifiedAccount(setup, database())
    const phone = new TestBrowser(setup.app)
    expect(
      (await phone.post('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status,
    ).toBe(200)
    expect((await laptop.get('/api/me')).status).toBe(200)
    expect((await phone.get('/api/me')).status).toBe(200)

    await requestReset(setup, email)
    expect((await resetPassword(setup, await resetToken(setup, database(), email))).status).toBe(
      200,
    )
    expect((await laptop.get('/api/me')).status).toBe(401)
    expect((await phone.get('/api/me')).status).toBe(401)
  })

  it('a reset invalidates every other reset link of the account', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    await requestReset(setup, email)
    const firstLink = await resetToken(setup, database(), email)
    await requestReset(setup, email)
    const secondLink = await resetToken(setup, database(), email)
    expect(secondLink).not.toBe(firstLink)

    expect((await resetPassword(setup, secondLink)).status).toBe(200)
    const old = await resetPassword(setup, firstLink, 'an-attacker-Password-99')
    expect(old.status).toBe(400)
    expect((await old.json()).error.code).toBe('INVALID_TOKEN')
    expect((await signIn(setup, email, NEW_PASSWORD)).status).toBe(200)
  })

  it('a password change invalidates the reset links sent before it', async () => {
    const setup = createTestApp(database())
    const { email, browser } = await createVerifiedAccount(setup, database())
    await requestReset(setup, email)
    const link = await resetToken(setup, database(), email)

    const changed = await browser.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(changed.status).toBe(200)
    const old = await resetPassword(setup, link, 'an-attacker-Password-99')
    expect(old.status).toBe(400)
    expect((await old.json()).error.code).toBe('INVALID_TOKEN')
    expect((await signIn(setup, email, NEW_PASSWORD)).status).toBe(200)
  })

  it('refuses a short new password without using up the token', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    await requestReset(setup, email)
    const token = await resetToken(setup, database(), email)
    const short = await resetPassword(setup, token, 'short')
    expect(short.status).toBe(400)
    expect((await short.json()).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: 'PASSWORD_TOO_SHORT' },
    })
    expect((await resetPassword(setup, token)).status).toBe(200)
  })

  it('refuses an invented token', async () => {
    const setup = createTestApp(database())
    const res = await resetPassword(setup, 'made-up-token')
    expect(res.status).toBe(400)
    expect((await res.json()).error.code).toBe('INVALID_TOKEN')
  })
})
