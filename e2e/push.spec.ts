import { expect, test, type BrowserContext, type Page } from './support/test'
import { startLocalPushService, type LocalPushService } from '#tests/push-endpoint'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import {
  buildBracketTournament,
  placeBet,
  playOutAndComplete,
  settle,
} from './support/tournament-builder'

// Push on the fan's phone (docs/product.md "The app on a phone: push notifications, installing, offline"): the server's pushes for a deadline, a decided
// pick and a payout reach a push service on this machine (which checks their VAPID JWT and
// decrypts them); each decrypted payload is handed to the app's service worker through the
// DevTools protocol (ServiceWorker.deliverPushMessage), as a browser's push service would, and
// the notification it shows and the page its click opens are checked. No real push service is
// reachable here; docs/product.md says how to check a real phone.

const HOUR_MS = 60 * 60 * 1000

test.describe.configure({ timeout: 180_000 })

let service: LocalPushService
test.beforeAll(async ({ request }) => {
  const { publicKey } = (await (await request.get('/api/push/public-key')).json()) as {
    publicKey: string
  }
  service = await startLocalPushService({ vapidPublicKey: () => publicKey })
})
test.afterAll(async () => {
  await service?.close()
})

/** A DevTools session with the ServiceWorker domain on, and the page's registration in it. */
async function serviceWorkerSession(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration: { scopeURL: string; isDeleted: boolean }) =>
          !registration.isDeleted && registration.scopeURL === new URL('/', page.url()).href,
      )
      if (ours) resolve(ours.registrationId as string)
    })
  })
  await cdp.send('ServiceWorker.enable')
  return { cdp, registrationId: await found }
}

test('a deadline, a decided pick and a payout arrive as notifications that open their page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    permissions: ['notifications'],
    serviceWorkers: 'allow',
  })
  await useLanguage(context, 'en')
  await createConfirmedUser(context.request, 'push', 'en')
  const device = service.newSubscription()
  const registered = await context.request.post('/api/me/push-subscriptions', {
    data: { endpoint: device.endpoint, keys: device.keys },
  })
  expect(registered.status(), await registered.text()).toBe(201)

  // The causes, through the real API: a tournament closing within 2 hours that the fan has not
  // entered; another the fan enters, then played out (a result per match) and settled.
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  const closing = await admin.post('/api/admin/tournaments', {
    data: {
      name: `Closing soon ${Date.now()}`,
      status: 'upcoming',
      bettingDeadline: new Date(Date.now() + HOUR_MS).toISOString(),
      startDate: new Date(Date.now() + 2 * HOUR_MS).toISOString(),
      endDate: new Date(Date.now() + 48 * HOUR_MS).toISOString(),
      basePool: 1000,
      entryFee: 50,
      multiplier: 1,
    },
  })
  expect(closing.status(), await closing.text()).toBe(201)
  const built = await buildBracketTournament(admin, {
    prefix: 'Push',
    entryFee: 100,
    basePool: 1000,
    multiplier: 1,
  })
  await placeBet(context.request, built, built.champion.player1.id)
  await playOutAndComplete(admin, built, built.champion.player1)
  await settle(admin, built.id)
  await adminContext.close()

  // Delivery is at least once: a push the service took but whose answer a loaded machine timed
  // out is sent again, the same message, so the same payload twice counts as one.
  const payloadOf = (kind: string) =>
    [...new Set(service.deliveries.map((delivery) => JSON.stringify(delivery.payload)))]
      .map((text) => JSON.parse(text) as { kind: string; tag: string; url: string; title: string })
      .filter((payload) => payload.kind === kind)
  await expect
    .poll(
      () => ({
        deadlineReminders: payloadOf('deadline_reminder').map((payload) => payload.title),
        matchResults: payloadOf('match_result').length,
        payouts: payloadOf('payout_received').length,
      }),
      { timeout: 90_000 },
    )
    .toEqual({
      // An hour from its deadline the 2 h window is an hour old: the title says when it closes.
      deadlineReminders: [expect.stringMatching(/^Closes at \d{2}:\d{2}(?: UTC)?: Closing soon/)],
      matchResults: 15,
      payouts: 1,
    })
  expect(service.problems).toEqual([])

  // The browser: the app's service worker registers on any page; its pushes come by DevTools.
  const page = await context.newPage()
  await page.goto('/profile')
  await expect(page.getByTestId('push-settings')).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  const { cdp, registrationId } = await serviceWorkerSession(context, page)
  const delivered = [
    payloadOf('deadline_reminder')[0]!,
    // A tournament's results collapse into one notification: the last one stays.
    ...payloadOf('match_result'),
    payloadOf('payout_received')[0]!,
  ]
  for (const payload of delivered) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(payload),
    })
  }
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
      })),
    )
  // Seventeen messages through DevTools into the worker, each shown in turn: on a loaded CI
  // machine the last one once took more than 20 s.
  await expect.poll(async () => (await shown()).length, { timeout: 60_000 }).toBe(3)
  const notifications = await shown()
  expect(notifications).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        title: expect.stringMatching(/^Closes at \d{2}:\d{2}(?: UTC)?: Closing soon/),
      }),
      expect.objectContaining({
        tag: `results-${built.id}`,
        title: expect.stringMatching(/ won$/),
        body: expect.stringContaining('Your pick is correct: 15 of 15 so far'),
      }),
      expect.objectContaining({
        tag: `payout-${built.id}`,
        title: expect.stringMatching(/^You won [\d,]+ coins$/),
        body: expect.stringContaining('16 of 16 picks right'),
      }),
    ]),
  )

  // A click on the payout opens its tournament in the app's window.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  await worker.evaluate(async (tag) => {
    const scope = self as unknown as ServiceWorkerGlobalScope
    const [notification] = await scope.registration.getNotifications({ tag })
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }))
  }, `payout-${built.id}`)
  await expect(page).toHaveURL(new RegExp(`/tournament/${built.id}$`), { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1 })).toContainText(built.name)
  await context.close()
})

test('the profile offers push on this device, every kind on its own, and the calendar link', async ({
  browser,
}) => {
  const context = await browser.newContext({
    permissions: ['notifications'],
    serviceWorkers: 'allow',
  })
  await useLanguage(context, 'es')
  await createConfirmedUser(context.request, 'pushprefs', 'es')
  const page = await context.newPage()
  await page.goto('/profile')
  const settings = page.getByTestId('push-settings')
  await expect(settings.getByRole('heading', { name: 'Notificaciones' })).toBeVisible()
  // Second chances are off until chosen; switching one kind saves it alone.
  const secondChance = settings.getByRole('switch', { name: 'Segundas oportunidades' })
  await expect(secondChance).toHaveAttribute('aria-checked', 'false')
  await secondChance.click()
  await expect(secondChance).toHaveAttribute('aria-checked', 'true')
  const saved = (await (await context.request.get('/api/me/preferences')).json()) as {
    push: Record<string, boolean>
  }
  expect(saved.push).toEqual({
    reminders: true,
    results: true,
    leagueNudges: true,
    secondChance: true,
  })

  const calendar = page.getByTestId('calendar-feed')
  await calendar.getByRole('button', { name: 'Crear mi enlace de calendario' }).click()
  const url = page.getByLabel('Tu enlace de calendario (no lo compartas)')
  await expect(url).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
  const first = await url.inputValue()
  const feed = await context.request.get(new URL(first).pathname)
  expect(feed.headers()['content-type']).toContain('text/calendar')
  await calendar.getByRole('button', { name: 'Renovar enlace' }).click()
  await expect(url).not.toHaveValue(first)
  expect((await context.request.get(new URL(first).pathname)).status()).toBe(404)
  await expectNoSeriousA11yViolations(page)
  await context.close()
})
