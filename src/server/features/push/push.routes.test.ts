// The push routes (docs/product.md "The app on a phone: push notifications, installing, offline", decision 130) as owner, other fan, visitor and admin, on
// both databases: a fan registers and removes only their own devices; a device registered by a
// second fan moves to them, with the pushes still waiting for the first fan dropped.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { STRONG_PASSWORD } from '#tests/accounts'
import { insertAccount, signInAs } from '#tests/game-factories'
import { startLocalPushService, type TestSubscription } from '#tests/push-endpoint'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { MAX_PUSH_DEVICES, PushPublicKeySchema } from '#shared/schemas/push'
import type { Database } from '#server/db/client'
import { pushOutbox, pushSubscriptions } from '#server/db/schema'

function register(browser: TestBrowser, subscription: Omit<TestSubscription, 'id'>) {
  return browser.post('/api/me/push-subscriptions', {
    endpoint: subscription.endpoint,
    expirationTime: null,
    keys: subscription.keys,
  })
}

function unregister(browser: TestBrowser, endpoint: string) {
  return browser.request('/api/me/push-subscriptions', { method: 'DELETE', json: { endpoint } })
}

async function devicesOf(db: Database, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
}

describe.each(testDatabaseKinds)('push routes on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('gives anyone the VAPID public key, the same on every call, kept in the database', async () => {
    const { app } = createTestApp(database())
    const visitor = new TestBrowser(app)
    const first = PushPublicKeySchema.parse(
      await (await visitor.get('/api/push/public-key')).json(),
    )
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/)
    // Another process (another app on the same database) reads the same pair.
    const other = createTestApp(database())
    const second = await (await new TestBrowser(other.app).get('/api/push/public-key')).json()
    expect(second).toEqual(first)
  })

  it('answers a visitor 401 on the device routes and stores nothing', async () => {
    const { app } = createTestApp(database())
    const service = await startLocalPushService({ vapidPublicKey: () => undefined })
    try {
      const visitor = new TestBrowser(app)
      expect((await register(visitor, service.newSubscription())).status).toBe(401)
      expect((await unregister(visitor, `${service.origin}/push/x`)).status).toBe(401)
      expect(await database().db.select().from(pushSubscriptions)).toEqual([])
    } finally {
      await service.close()
    }
  })

  it('registers the owner’s device once, refreshes its keys, and removes only the owner’s', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const service = await startLocalPushService({ vapidPublicKey: () => undefined })
    try {
      const owner = await signInAs(setup, db)
      const other = await signInAs(setup, db)
      const phone = service.newSubscription()
      const created = await register(owner.browser, phone)
      expect(created.status).toBe(201)
      expect(await created.json()).toEqual({ devices: 1 })
      // The same device again (new keys, as after a browser re-subscribes): still one.
      const renewed = { ...phone, keys: service.newSubscription().keys }
      expect(await (await register(owner.browser, renewed)).json()).toEqual({ devices: 1 })
      expect(await devicesOf(db, owner.userId)).toMatchObject([
        { endpoint: phone.endpoint, p256dh: renewed.keys.p256dh },
      ])

      // Another fan naming the owner's endpoint in a DELETE removes nothing, and is told the same.
      const foreign = await unregister(other.browser, phone.endpoint)
      expect(foreign.status).toBe(204)
      expect(await devicesOf(db, owner.userId)).toHaveLength(1)
      // An admin is a fan here: only their own devices.
      const admin = await insertAccount(db, { role: 'admin', password: STRONG_PASSWORD })
      const adminBrowser = new TestBrowser(setup.app)
      await adminBrowser.post('/api/auth/sign-in/email', {
        email: admin.email,
        password: STRONG_PASSWORD,
      })
      expect((await unregister(adminBrowser, phone.endpoint)).status).toBe(204)
      expect(await devicesOf(db, owner.userId)).toHaveLength(1)
      expect((await register(adminBrowser, service.newSubscription())).status).toBe(201)

      // The owner removes it.
      expect((await unregister(owner.browser, phone.endpoint)).status).toBe(204)
      expect(await devicesOf(db, owner.userId)).toEqual([])
      expect(await devicesOf(db, admin.userId)).toHaveLength(1)
    } finally {
      await service.close()
    }
  })

  it('moves a device to the second fan who registers it, dropping the first fan’s pushes', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const service = await startLocalPushService({ vapidPublicKey: () => undefined })
    try {
      const first = await signInAs(setup, db)
      const second = await signInAs(setup, db)
      const shared = service.newSubscription()
      await register(first.browser, shared)
      const [device] = await devicesOf(db, first.userId)
      await db.insert(pushOutbox).values({
        subscriptionId: device!.id,
        kind: 'league_joined',
        dedupeKey: 'notification:for-the-first-fan',
        data: { lang: 'en' },
        expiresAt: new Date(Date.now() + 60_000),
      })
      const moved = await register(second.browser, shared)
      expect(moved.status).toBe(201)
      expect(await devicesOf(db, first.userId)).toEqual([])
      expect(await devicesOf(db, second.userId)).toMatchObject([{ endpoint: shared.endpoint }])
      expect(await db.select().from(pushOutbox)).toEqual([])
    } finally {
      await service.close()
    }
  })

  it('refuses bad subscriptions with 400 and an 11th device with 409, storing nothing', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const service = await startLocalPushService({ vapidPublicKey: () => undefined })
    try {
      const fan = await signInAs(setup, db)
      const good = service.newSubscription()
      const refused = [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
        { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } },
        { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } },
        // Not loopback, not a push service: the server would post to anyone's address.
        { ...good, endpoint: 'http://10.0.0.5/push/1' },
        { ...good, endpoint: 'https://example.com/push/1' },
        { ...good, endpoint: 'http://user:pw@127.0.0.1/push/1' },
        { ...good, endpoint: 'not a url' },
      ]
      for (const subscription of refused) {
        const res = await register(fan.browser, subscription)
        expect(res.status, subscription.endpoint).toBe(400)
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
          'VALIDATION_FAILED',
        )
      }
      expect(await devicesOf(db, fan.userId)).toEqual([])

      for (let i = 0; i < MAX_PUSH_DEVICES; i += 1) {
        expect((await register(fan.browser, service.newSubscription())).status).toBe(201)
      }
      const eleventh = await register(fan.browser, service.newSubscription())
      expect(eleventh.status).toBe(409)
      expect(((await eleventh.json()) as { error: { reason: string } }).error.reason).toBe(
        'PUSH_DEVICE_LIMIT',
      )
      expect(await devicesOf(db, fan.userId)).toHaveLength(MAX_PUSH_DEVICES)
    } finally {
      await service.close()
    }
  })

  it('takes only push services’ https endpoints in production', async () => {
    const setup = createTestApp(database(), {
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        SMTP_URL: 'smtp://127.0.0.1:1',
        VAPID_PUBLIC_KEY:
          'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
        VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
        VAPID_SUBJECT: 'mailto:ops@golden-point.example',
      },
    })
    const { db } = database()
    const fan = await signInAs(setup, db)
    const service = await startLocalPushService({ vapidPublicKey: () => undefined })
    const { keys } = service.newSubscription()
    await service.close()
    const onLoopback = await register(fan.browser, { endpoint: 'http://127.0.0.1:9/push/1', keys })
    expect(onLoopback.status).toBe(400)
    const fcm = await register(fan.browser, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      keys,
    })
    expect(fcm.status).toBe(201)
  })

  it('with push switched off: no public key, and a registration is refused with 503', async () => {
    const setup = createTestApp(database(), { env: { PUSH_ENABLED: 'false' } })
    const fan = await signInAs(setup, database().db)
    const key = await (await fan.browser.get('/api/push/public-key')).json()
    expect(key).toEqual({ publicKey: null })
    const service = await startLocalPushService({ vapidPublicKey: () => undefined })
    try {
      expect((await register(fan.browser, service.newSubscription())).status).toBe(503)
    } finally {
      await service.close()
    }
  })
})
