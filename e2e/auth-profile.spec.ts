import { expect, test, type Page } from './support/test'
import { createConfirmedUser, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

const MINUS = '\u2212'

function transaction(type: string, amount: number, index: number) {
  return {
    id: `t-${index}`,
    type,
    amount,
    description: `${type} row`,
    relatedBetId: null,
    tournamentName: null as string | null,
    tier: null as string | null,
    createdAt: new Date(Date.UTC(2026, 0, 31 - index, 12)).toISOString(),
  }
}

/** Answers GET /api/me/transactions with a fixed ledger of `total` rows, ten a page. */
async function fakeLedger(page: Page, rows: ReturnType<typeof transaction>[]) {
  await page.route('**/api/me/transactions?*', async (route) => {
    const url = new URL(route.request().url())
    const pageNumber = Number(url.searchParams.get('page'))
    const pageSize = Number(url.searchParams.get('pageSize'))
    const items = rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize)
    await route.fulfill({ json: { items, page: pageNumber, pageSize, total: rows.length } })
  })
}

test('the profile: local avatar, account, member since, balance, real stats', async ({
  page,
  baseURL,
}) => {
  const user = await createConfirmedUser(page.request, 'profile', 'en')
  const foreign: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (
      ['http:', 'https:'].includes(url.protocol) &&
      url.origin !== new URL(baseURL ?? '').origin
    ) {
      foreign.push(request.url())
    }
  })
  await page.goto('/profile')

  const avatar = page.getByRole('img', { name: `Avatar of ${user.username}` })
  await expect(avatar).toBeVisible()
  expect(await avatar.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)

  const me = (await (await page.request.get('/api/me')).json()) as { user: { createdAt: string } }
  const since = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(
    new Date(me.user.createdAt),
  )
  await expect(page.getByTestId('profile-member-since')).toHaveText(since)
  await expect(page.getByTestId('profile-balance')).toHaveText('1,000')

  await expect(page.getByTestId('stat-bets')).toHaveText('0')
  await expect(page.getByTestId('stat-won')).toHaveText('0')
  await expect(page.getByTestId('stat-lost')).toHaveText('0')
  await expect(page.getByTestId('stat-win-rate')).toHaveText('—')
  await expect(page.getByTestId('stat-winnings')).toHaveText('0 coins')
  // One ledger row (the welcome bonus) is no line yet.
  await expect(page.getByTestId('balance-chart-empty')).toHaveText(
    'Your balance chart appears once you have at least two transactions.',
  )

  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 1')
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  expect(foreign, 'no request leaves the site (the avatar is drawn locally)').toEqual([])

  // The language switch re-formats the page.
  // A member's language switch is in the account menu.
  await page.getByTestId('user-menu').click()
  await page.getByRole('button', { name: 'ES', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible()
  const desde = new Intl.DateTimeFormat('es', { dateStyle: 'long' }).format(
    new Date(me.user.createdAt),
  )
  await expect(page.getByTestId('profile-member-since')).toHaveText(desde)
  await expect(page.getByTestId('transaction-row')).toContainText('Bono de bienvenida')
  await expectNoSeriousA11yViolations(page)
})

test('transactions: per-type styling, signed amounts, newest first, pages', async ({ page }) => {
  await createConfirmedUser(page.request, 'ledger', 'en')
  const types: [string, number][] = [
    ['bet_won', 250],
    ['bet_placed', -50],
    ['bet_refund', 50],
    ['bet_lost', 0],
    ['withdrawal', -100],
    ['deposit', 500],
    ['welcome_bonus', 1000],
  ]
  const rows = Array.from({ length: 23 }, (_, index) => {
    const [type, amount] = types[index % types.length]!
    return transaction(type, amount, index)
  })
  await fakeLedger(page, rows)
  await page.goto('/profile')

  const list = page.getByTestId('transaction-row')
  await expect(list).toHaveCount(10)
  // The chart takes the newest 100 rows in one request: all 23, ending at the current balance.
  await expect(page.getByTestId('balance-sparkline')).toHaveAttribute('data-points', '23')
  await expect(page.getByTestId('balance-chart-summary')).toContainText(
    'over the last 23 transactions',
  )
  await expect(page.getByTestId('balance-chart-summary')).toContainText('to 1,000 coins')
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 3')
  const expectations = [
    ['bet_won', 'credit', '+250 coins', 'Prediction won'],
    ['bet_placed', 'debit', `${MINUS}50 coins`, 'Prediction placed'],
    ['bet_refund', 'refund', '+50 coins', 'Refund'],
    ['bet_lost', 'neutral', '0 coins', 'Prediction lost'],
    ['withdrawal', 'debit', `${MINUS}100 coins`, 'Withdrawal'],
    ['deposit', 'credit', '+500 coins', 'Deposit'],
    ['welcome_bonus', 'credit', '+1,000 coins', 'Welcome bonus'],
  ] as const
  for (const [index, [type, category, amount, label]] of expectations.entries()) {
    const row = list.nth(index)
    await expect(row).toHaveAttribute('data-type', type)
    await expect(row).toHaveAttribute('data-category', category)
    await expect(row.getByTestId('transaction-amount')).toHaveText(amount)
    await expect(row).toContainText(label)
  }
  // Credits green, debits red, refunds their own colour, bet_lost neutral.
  const colour = (index: number) =>
    list
      .nth(index)
      .getByTestId('transaction-amount')
      .evaluate((node) => getComputedStyle(node).color)
  const [won, placed, refund, lost] = await Promise.all([0, 1, 2, 3].map(colour))
  expect(new Set([won, placed, refund, lost]).size).toBe(4)

  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 3')
  await expect(page).toHaveURL(/\/profile\?page=2$/)
  await expect(list.first()).toContainText('bet_lost row')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 of 3')
  await expect(list).toHaveCount(3)
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 3')
  await expectNoSeriousA11yViolations(page)
})

test('transactions: empty and loading states', async ({ page }) => {
  await createConfirmedUser(page.request, 'empty', 'en')
  let release: () => void = () => {}
  const answered = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/me/transactions?*', async (route) => {
    await answered
    await route.fulfill({ json: { items: [], page: 1, pageSize: 10, total: 0 } })
  })
  await page.goto('/profile')
  await expect(
    page.getByRole('status').filter({ hasText: 'Loading your transactions…' }),
  ).toBeAttached()
  release()
  await expect(page.getByText('No transactions yet.')).toBeVisible()
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the account pages fit the screen and stay accessible', async ({ page }) => {
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/email-sent?email=a%40b.c',
      '/reset-password?token=x',
      '/email-confirmation',
      '/dev/mailbox',
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(overflow, `${path} is no wider than the screen`).toBeLessThanOrEqual(360)
    }
    await page.goto('/register')
    await expectNoSeriousA11yViolations(page)

    await createConfirmedUser(page.request, 'phone', 'en')
    await page.goto('/profile')
    await expect(page.getByTestId('transaction-row')).toHaveCount(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoSeriousA11yViolations(page)

    // The header keeps the balance; the menu lists the profile and sign out.
    await expect(page.getByTestId('header-balance')).toHaveText('1,000')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('link', { name: /Profile/ })).toBeVisible()
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})

test('the ledger in Spanish: bet rows written from type, tournament and tier, numbers grouped', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => window.localStorage.setItem('language', 'es'))
  await createConfirmedUser(page.request, 'ledger', 'es')
  const madrid = { tournamentName: 'Madrid Golden Open', tier: null }
  await fakeLedger(page, [
    {
      ...transaction('bet_won', 5245, 0),
      description: 'Prize (tier_90): Madrid Golden Open',
      ...madrid,
      tier: 'tier_90',
    },
    {
      ...transaction('bet_placed', -50, 1),
      description: 'Entry fee: Madrid Golden Open',
      ...madrid,
    },
    {
      ...transaction('bet_refund', 50, 2),
      description: 'Refund: Madrid Golden Open was cancelled',
      ...madrid,
    },
  ])
  await page.goto('/profile')

  const list = page.getByTestId('transaction-row')
  await expect(list).toHaveCount(3)
  await expect(list.nth(0)).toContainText('Premio (Casi perfecta): Madrid Golden Open')
  await expect(list.nth(0).getByTestId('transaction-amount')).toHaveText('+5.245 monedas')
  await expect(list.nth(1)).toContainText('Inscripción: Madrid Golden Open')
  await expect(list.nth(2)).toContainText('Reembolso: se canceló Madrid Golden Open')
  await expect(page.getByText(/Entry fee|Prize \(|Refund:/)).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})
