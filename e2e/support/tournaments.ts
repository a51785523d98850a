// Helpers for the tournament and wizard journeys: demo tournaments by name, keyboard-only moves.
import { expect, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'

export const DEMO = {
  madrid: 'Madrid Golden Open',
  lisbon: 'Lisbon Atlantic Cup',
  sevilla: 'Sevilla Indoor Challenge',
  buenosAires: 'Buenos Aires Masters',
  milano: 'Milano Premier Finals',
} as const

/** The id of a demo tournament, looked up through the API. */
export async function tournamentId(page: Page, name: string): Promise<string> {
  const response = await page.request.get('/api/tournaments')
  expect(response.status()).toBe(200)
  const { tournaments } = (await response.json()) as {
    tournaments: { id: string; name: string }[]
  }
  const found = tournaments.find((t) => t.name === name)
  if (!found) throw new Error(`no demo tournament named ${name}`)
  return found.id
}

/** Presses Tab until `target` has the focus (fails after `max` presses). */
export async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('the element never received the focus by Tab')
}

/** The page does not scroll sideways (the bracket scrolls inside its own frame). */
export async function expectNoPageScrollX(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'horizontal page overflow in px').toBeLessThanOrEqual(0)
}

/**
 * axe at the top of the page. The sticky header is translucent: scrolled over the bracket's
 * coloured cards, axe measures its links against whatever shows through (a header matter).
 */
export async function expectAccessibleAtTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectNoSeriousA11yViolations(page)
}
