import { expect, test } from './support/test'
import { createConfirmedUser, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO, tournamentId } from './support/tournaments'
import { fillBracket } from './support/wizard'

// Offline (docs/product.md "The app on a phone: push notifications, installing, offline", decision 134): the installed app's shell opens without a
// connection, pages read before show their last data with "offline, data from HH:MM", a bracket
// is refused offline and never sent later, and coming back online brings the server's data.

test('offline: the shell and the last data open, a bracket is refused and never queued', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ serviceWorkers: 'allow' })
  await useLanguage(context, 'en')
  // Confirming the e-mail signs the context in.
  await createConfirmedUser(context.request, 'offline', 'en')
  const page = await context.newPage()
  const id = await tournamentId(page, DEMO.madrid)

  // First visit installs the service worker, which takes the page over; the next loads go
  // through it and leave their reads in its cache.
  await page.goto(`/tournament/${id}`)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    }
  })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO.madrid)
  await page.goto('/dashboard')
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible()

  await context.setOffline(true)
  await page.goto(`/tournament/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO.madrid)
  const note = page.getByTestId('offline-note')
  await expect(note).toContainText(/Offline · data from \d{1,2}:\d{2}/)
  await expectNoSeriousA11yViolations(page)

  // A whole bracket, offline: refused at once with its reason; nothing is sent then or later.
  await page.getByTestId('start-predictions').click()
  const wizard = page.getByTestId('bracket-wizard')
  await fillBracket(wizard)
  await wizard.getByTestId('mvp-option').first().click()
  await page.getByTestId('confirm-bet').click()
  await expect(page.getByText('You are offline: nothing was sent.', { exact: false })).toBeVisible()

  await context.setOffline(false)
  await expect(note).toBeHidden({ timeout: 15_000 })
  await page.waitForTimeout(1000)
  const myBet = (await (await context.request.get(`/api/tournaments/${id}/my-bet`)).json()) as {
    bet: unknown
  }
  expect(myBet.bet).toBeNull()
  await context.close()
})
