import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'

test.describe('landing page', () => {
  test('is in Spanish by default with live stats, title and share meta', async ({
    page,
    request,
  }) => {
    const stats = await (await request.get('/api/stats')).json()
    await page.goto('/')

    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page).toHaveTitle(/\| Golden Point$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('meta[name="description"]')).toHaveCount(1)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      /Golden Point/,
    )
    await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1)
    await expect(page.getByTestId('stat-players')).toHaveText(String(stats.players))
    await expect(page.getByTestId('stat-tournaments')).toHaveText(String(stats.tournaments))
    await expect(page.getByTestId('stat-predictions')).toHaveText(String(stats.predictions))
    await expect(page.getByRole('button', { name: 'ES' })).toHaveAttribute('aria-pressed', 'true')
    await expectNoSeriousA11yViolations(page)
  })

  test('switches to English and keeps the choice after a reload', async ({ page }) => {
    await page.goto('/')
    const spanishTitle = await page.title()
    const spanishDescription = await page
      .locator('meta[name="description"]')
      .getAttribute('content')

    await page.getByRole('button', { name: 'EN' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).not.toHaveTitle(spanishTitle)
    await expect(page).toHaveTitle(/\| Golden Point$/)
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en')

    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('meta[name="description"]')).not.toHaveAttribute(
      'content',
      spanishDescription ?? '',
    )
    await expectNoSeriousA11yViolations(page)
  })

  test('fits a 360 px wide phone without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)

    const menuButton = page.getByRole('button', { name: /menu|menú/i })
    await expect(menuButton).toBeVisible()
    await menuButton.click()
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    await expectNoSeriousA11yViolations(page)
  })
})
