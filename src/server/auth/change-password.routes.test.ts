// Changing the password (issue #14): signs out every other session unless the client asks to keep
// them (revokeOtherSessions: false); the browser that changed it stays signed in.
import { describe, expect, it } from 'vitest'
import { createVerifiedAccount, STRONG_PASSWORD } from '#tests/accounts'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const NEW_PASSWORD = 'a-brand-new-Password-42'

describe.each(testDatabaseKinds)('change password on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function accountOnTwoDevices() {
    const setup = createTestApp(database())
    const { email, browser: laptop } = await createVerifiedAccount(setup, database())
    const phone = new TestBrowser(setup.app)
    const signedIn = await phone.post('/api/auth/sign-in/email', {
      email,
      password: STRONG_PASSWORD,
    })
    expect(signedIn.status).toBe(200)
    return { laptop, phone }
  }

  it('signs out the other devices by default and keeps this one', async () => {
    const { laptop, phone } = await accountOnTwoDevices()
    const res = await laptop.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(res.status).toBe(200)
    expect((await laptop.get('/api/me')).status).toBe(200)
    expect((await phone.get('/api/me')).status).toBe(401)
  })

  it('keeps the other devices when the client asks for it', async () => {
    const { laptop, phone } = await accountOnTwoDevices()
    const res = await laptop.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    })
    expect(res.status).toBe(200)
    expect((await laptop.get('/api/me')).status).toBe(200)
    expect((await phone.get('/api/me')).status).toBe(200)
  })

  it('"sign out other devices" ends the others and keeps this one', async () => {
    const { laptop, phone } = await accountOnTwoDevices()
    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).status).toBe(200)
    expect((await laptop.get('/api/me')).status).toBe(200)
    expect((await phone.get('/api/me')).status).toBe(401)
  })

  it('refuses a wrong current password and changes nothing', async () => {
    const { laptop, phone } = await accountOnTwoDevices()
    const res = await laptop.post('/api/auth/change-password', {
      currentPassword: 'not-the-Password-1',
      newPassword: NEW_PASSWORD,
    })
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe('INVALID_CREDENTIALS')
    expect((await phone.get('/api/me')).status).toBe(200)
  })
})
