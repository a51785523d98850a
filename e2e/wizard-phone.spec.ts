import { expect, test, type Locator, type Page } from './support/test'
import { createConfirmedUser, useLanguage } from './support/accounts'
import {
  DEMO,
  expectAccessibleAtTop,
  expectNoPageScrollX,
  tournamentId,
} from './support/tournaments'
import { pickRound } from './support/wizard'

// The wizard on a 360 px phone (docs/product.md "Statuses, deadlines and the wizard"): the step's picks come first, the bar with
// the way on stays at the bottom of the screen, and the help waits behind a disclosure.

const PHONE = { width: 360, height: 740 }

const TEXT = {
  en: {
    next: 'Next',
    round16: 'Round of 16',
    quarters: 'Quarterfinals',
    help: 'How it works',
    range: 'from 12 to 39',
  },
  es: {
    next: 'Siguiente',
    round16: 'Octavos de final',
    quarters: 'Cuartos de final',
    help: 'Cómo funciona',
    range: 'de 12 a 39',
  },
} as const

/** The element's box lies wholly inside the viewport. */
async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox()
  expect(box, what).not.toBeNull()
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height, `${what}: bottom`).toBeLessThanOrEqual(
    page.viewportSize()!.height + 1,
  )
}

for (const language of ['es', 'en'] as const) {
  test(`on a phone the picks come first and the bar with Next stays on screen (${language})`, async ({
    page,
    context,
  }) => {
    test.slow()
    const t = TEXT[language]
    await useLanguage(context, language)
    await page.setViewportSize(PHONE)
    await createConfirmedUser(page.request, 'phonewiz', language)
    await page.goto(`/tournament/${await tournamentId(page, DEMO.madrid)}`)
    await page.getByTestId('start-predictions').click()

    const wizard = page.getByTestId('bracket-wizard')
    const pickers = wizard.getByTestId('match-picker')
    const bar = wizard.getByTestId('wizard-bar')
    const next = bar.getByRole('button', { name: t.next })
    await expect(wizard.getByTestId('wizard-step-title')).toHaveText(t.round16)
    // The first screen holds the first match whole and the bar with the way on.
    await expect(async () => {
      await expectOnScreen(page, pickers.first(), 'the first match')
      await expectOnScreen(page, bar, 'the bottom bar')
    }).toPass()
    await expect(bar.getByTestId('wizard-bar-count')).toHaveText('0 / 16')
    await expect(next).toBeDisabled()

    // The help and the quick fill wait behind a closed disclosure, below the picks.
    const help = wizard.getByTestId('wizard-help')
    await expect(help).not.toHaveAttribute('open')
    await expect(help.getByTestId('quick-fill-favourites')).toBeHidden()
    const helpBox = await help.boundingBox()
    const lastMatchBox = await pickers.last().boundingBox()
    expect(helpBox!.y).toBeGreaterThan(lastMatchBox!.y)

    // Picking down the round, the bar never scrolls away; the count follows.
    await pickRound(wizard, 8)
    await expectOnScreen(page, bar, 'the bottom bar after the last match')
    await expect(bar.getByTestId('wizard-bar-count')).toHaveText('8 / 16')
    await expectNoPageScrollX(page)
    await expectAccessibleAtTop(page)

    // Next: the quarterfinals' first match is on screen again.
    await next.click()
    await expect(wizard.getByTestId('wizard-step-title')).toHaveText(t.quarters)
    await expect(async () =>
      expectOnScreen(page, pickers.first(), 'the first quarterfinal'),
    ).toPass()
    for (const count of [4, 2, 1]) {
      await pickRound(wizard, count)
      await next.click()
    }

    // The MVP step: the MVP first, then the tiebreaker, whose hint gives its range.
    const mvp = wizard.getByTestId('mvp-option').first()
    const tiebreaker = wizard.getByTestId('tiebreaker')
    expect((await mvp.boundingBox())!.y).toBeLessThan((await tiebreaker.boundingBox())!.y)
    await expect(tiebreaker).toContainText(t.range)

    await help.locator('summary').click()
    await expect(help.getByTestId('quick-fill-favourites')).toBeVisible()
    await expect(help).toContainText(t.help)
    await expectNoPageScrollX(page)
  })
}
