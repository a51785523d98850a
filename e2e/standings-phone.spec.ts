import { expect, request as playwrightRequest, test, type Page } from './support/test'
import {
  E2E_ADMIN,
  createConfirmedUser,
  signInByApi,
  useLanguage,
  type TestUser,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { placeFavouritesBet } from './support/bets'
import { buildBracketTournament, setStatus } from './support/tournament-builder'
import { expectNoPageScrollX } from './support/tournaments'

// The standings at every width (docs/product.md "Standings"): one line per fan, 48–56 px tall, numbers
// right-aligned under their headers, "find a fan", and "go to my page" by place, not by rank.
// Twenty-six fans enter the same bracket, the fan under test last: all share rank 1, and the
// fan's row is the 26th, on page 2 of the ranking.

const FANS_BEFORE = 25
let tournamentId = ''
let fan: TestUser
let other: TestUser

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(300_000)
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const built = await buildBracketTournament(adminContext.request, {
    prefix: 'Phone standings',
    entryFee: 10,
    basePool: 1000,
    multiplier: 0.5,
  })
  tournamentId = built.id
  for (let i = 0; i <= FANS_BEFORE; i += 1) {
    const request = await playwrightRequest.newContext({ baseURL })
    const user = await createConfirmedUser(request, i === FANS_BEFORE ? 'rowfan' : 'crowd')
    await placeFavouritesBet(request, built.id)
    await request.dispose()
    if (i === 0) other = user
    if (i === FANS_BEFORE) fan = user
  }
  await setStatus(adminContext.request, built, 'active')
  await adminContext.close()
})

const TEXT = {
  es: {
    rank: 'Puesto 1 de 26',
    jump: 'Ir a mi página',
    page2: 'Página 2 de 2',
    find: 'Buscar un aficionado',
    none: 'Nadie en esta clasificación',
  },
  en: {
    rank: 'Rank 1 of 26',
    jump: 'Go to my page',
    page2: 'Page 2 of 2',
    find: 'Find a fan',
    none: 'No fan in these standings',
  },
} as const

/** Every row's height, in px. */
function rowHeights(page: Page): Promise<number[]> {
  return page
    .getByTestId('standings-row')
    .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height))
}

for (const language of ['es', 'en'] as const) {
  test(`one line per fan at 360 and 1280 px, find a fan, go to my page (${language})`, async ({
    page,
    context,
  }) => {
    test.slow()
    const t = TEXT[language]
    await useLanguage(context, language)
    await signInByApi(context, fan)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(`/tournaments/${tournamentId}/standings`)

    const rows = page.getByTestId('standings-row')
    await expect(rows).toHaveCount(25, { timeout: 15_000 })
    for (const height of await rowHeights(page)) {
      expect(height).toBeGreaterThanOrEqual(44)
      expect(height).toBeLessThanOrEqual(56)
    }
    // A page of 25 is a screenful of lines, not a scroll of cards.
    const list = await page.getByTestId('standings-list').boundingBox()
    expect(list!.height).toBeLessThanOrEqual(25 * 56 + 60)
    await expectNoPageScrollX(page)

    // The fan shares rank 1 but stands 26th: page 1 does not hold their row; the jump does.
    await expect(page.getByTestId('standings-me-rank')).toHaveText(t.rank)
    await expect(page.locator('[data-testid="standings-row"][data-me="true"]')).toHaveCount(0)
    await page.getByRole('button', { name: t.jump }).click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(page.getByText(t.page2)).toBeVisible()
    await expect(page.locator('[data-testid="standings-row"][data-me="true"]')).toHaveCount(1)
    await expect(page.getByRole('button', { name: t.jump })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)

    // Find a fan: a part of the name, any case.
    const search = page.getByRole('searchbox', { name: t.find })
    await search.fill(other.username.slice(2).toUpperCase())
    await search.press('Enter')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveAttribute('data-username', other.username)
    await search.fill('no-such-fan-anywhere')
    await search.press('Enter')
    await expect(page.getByTestId('standings-no-match')).toContainText(t.none)
    await expectNoSeriousA11yViolations(page)

    // On a desktop the same lines, and each number under its header's right edge.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`/tournaments/${tournamentId}/standings`)
    await expect(rows).toHaveCount(25)
    for (const height of await rowHeights(page)) {
      expect(height).toBeGreaterThanOrEqual(44)
      expect(height).toBeLessThanOrEqual(56)
    }
    const rightEdges = await page.getByTestId('standings-list').evaluate((table) => {
      const right = (cell: Element | null | undefined) => cell?.getBoundingClientRect().right ?? -1
      const head = table.querySelectorAll('thead th')
      const first = table.querySelectorAll('tbody tr')[0]?.querySelectorAll('td')
      return [0, 2, 3].map((i) => [right(head[i]), right(first?.[i])])
    })
    for (const [header, cell] of rightEdges)
      expect(Math.abs(header! - cell!)).toBeLessThanOrEqual(1)
    await expectNoPageScrollX(page)
  })
}
