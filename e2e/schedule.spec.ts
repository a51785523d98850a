import { expect, test, type Browser } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { buildBracketTournament, placeBet } from './support/tournament-builder'

// The order of play end to end (docs/decisions/141, 162): an admin schedules a round in one form
// on a phone, a fan who picked those pairs sees it on the tournament page ("Hoy", "Jugando
// ahora") and their next match on the dashboard, in Spanish.

/** The first look after a navigation: a busy shared test machine can take seconds to render. */
const afterLoad = expect.configure({ timeout: 20_000 })

/**
 * A fixed-offset zone where it is about noon now, so "today" and "playing now" hold whatever the
 * hour the suite runs at (Etc/GMT-3 is three hours ahead of UTC).
 */
function noonZone(now: Date): { zone: string; offsetHours: number } {
  const offsetHours = ((12 - now.getUTCHours() + 36) % 24) - 12
  const zone =
    offsetHours === 0 ? 'Etc/UTC' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`
  return { zone, offsetHours }
}

/** "2034-05-02" and "11:50" in a zone `offsetHours` ahead of UTC. */
function localParts(at: Date, offsetHours: number) {
  const local = new Date(at.getTime() + offsetHours * 3_600_000).toISOString()
  return { date: local.slice(0, 10), time: local.slice(11, 16) }
}

async function signedIn(browser: Browser, zone: string, user?: typeof E2E_ADMIN) {
  const context = await browser.newContext({ timezoneId: zone, locale: 'es-ES' })
  await useLanguage(context, 'es')
  if (user) await signInByApi(context, { username: 'e2e-admin', ...user })
  return context
}

test('an admin schedules a round in one form; the fan sees it on the tournament and the dashboard', async ({
  browser,
}) => {
  test.slow()
  const now = new Date()
  const { zone, offsetHours } = noonZone(now)
  const admin = await signedIn(browser, zone, E2E_ADMIN)
  const built = await buildBracketTournament(admin.request, {
    prefix: 'Orden',
    entryFee: 10,
    basePool: 500,
    multiplier: 1,
  })
  const fan = await signedIn(browser, zone)
  await createConfirmedUser(fan.request, 'orden', 'es')
  await placeBet(fan.request, built, built.champion.player1.id)

  // The admin, on a phone: the round of 16's start times and courts in one form.
  const adminPage = await admin.newPage()
  await adminPage.setViewportSize({ width: 360, height: 780 })
  await adminPage.goto(`/admin/matches?tournament=${built.id}`)
  await afterLoad(
    adminPage.getByRole('button', { name: `Programar Octavos de final — ${built.name}` }),
  ).toBeVisible()
  await adminPage
    .getByRole('button', { name: `Programar Octavos de final — ${built.name}` })
    .click()
  const dialog = adminPage.getByTestId('round-schedule-dialog')
  const rows = dialog.getByTestId('round-schedule-row')
  await expect(rows).toHaveCount(8)
  const started = localParts(new Date(now.getTime() - 10 * 60_000), offsetHours)
  const later = localParts(new Date(now.getTime() + 90 * 60_000), offsetHours)
  await rows.nth(0).getByLabel('Fecha', { exact: true }).fill(started.date)
  await rows.nth(0).getByLabel(/^Hora/).fill(started.time)
  await rows.nth(0).getByLabel('Pista', { exact: true }).fill('Pista Central')
  await rows.nth(1).getByLabel('Fecha', { exact: true }).fill(later.date)
  await rows.nth(1).getByLabel(/^Hora/).fill(later.time)
  await rows.nth(1).getByLabel('Pista', { exact: true }).fill('Pista 2')
  await expectNoSeriousA11yViolations(adminPage)
  await dialog.getByRole('button', { name: 'Guardar orden de juego' }).click()
  await expect(dialog.getByTestId('round-schedule-saved')).toHaveText('Orden de juego guardado.')

  // The fan: the order of play on the tournament, in their zone, the first match on court.
  const page = await fan.newPage()
  await page.goto(`/tournament/${built.id}`)
  const entries = page.getByTestId('order-of-play-match')
  await afterLoad(entries).toHaveCount(2)
  await expect(entries.nth(0)).toHaveAttribute('data-state', 'playing')
  await expect(entries.nth(0)).toContainText(`Hoy · R16-1 · Pista Central · ${started.time}`)
  await expect(entries.nth(0)).toContainText('Jugando ahora')
  await expect(entries.nth(1)).toHaveAttribute('data-state', 'upcoming')
  await expect(entries.nth(1)).toContainText('Pista 2')

  // …and on the dashboard, the next match of each pair they picked.
  await page.goto('/dashboard')
  const next = page.getByTestId('next-match')
  await afterLoad(next).toHaveCount(2)
  await expect(next.nth(0)).toContainText(/^Próximo: 1 \S+ \/ 2 \S+/)
  await expect(next.nth(0)).toContainText(`Hoy · ${started.time} · Pista Central`)
  await expect(next.nth(0)).toContainText('Jugando ahora')
  await expect(next.nth(1)).toContainText(`${later.time} · Pista 2`)
  await expectNoSeriousA11yViolations(page)

  await admin.close()
  await fan.close()
})
