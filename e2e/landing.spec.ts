import { expect, test, type Page } from './support/test'
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

    // Sign in and sign up right in the header: a visitor's header has no menu to open.
    const header = page.locator('header')
    await expect(header.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Únete', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: /menu|menú/i })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
  })
})

// index.html carries a static copy of the landing page's first screen (src/web/shell), painted
// before the scripts run. Holding the app's scripts back shows that copy alone; releasing them
// lets React replace it within the same load (same fonts), so the two can be compared.
test.describe('landing shell', () => {
  async function holdAppScripts(page: Page): Promise<() => void> {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await released
      await route.continue()
    })
    return release
  }

  function collectCspViolations(page: Page): string[] {
    const violations: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text())
    })
    return violations
  }

  // The header and hero as a reader meets them, with the boxes that must not move.
  async function readFirstScreen(page: Page) {
    const hero = page.locator('section[aria-labelledby="hero-title"]')
    return {
      lang: await page.locator('html').getAttribute('lang'),
      header: await page.locator('header').innerText(),
      hero: await hero.innerText(),
      heroBox: await hero.boundingBox(),
      titleBox: await page.locator('#hero-title').boundingBox(),
    }
  }

  for (const language of ['es', 'en'] as const) {
    test(`shows the ${language} hero from the HTML as React renders it`, async ({ page }) => {
      const violations = collectCspViolations(page)
      await page.addInitScript((stored) => localStorage.setItem('language', stored), language)
      const release = await holdAppScripts(page)
      await page.goto('/', { waitUntil: 'commit' })
      await expect(page.locator('#root #hero-title')).toBeVisible()
      const shell = await readFirstScreen(page)

      release()
      // The sections below the hero come only with React's render.
      await expect(page.getByTestId('stat-players')).toBeVisible()
      expect(await readFirstScreen(page)).toEqual(shell)
      expect(shell.lang).toBe(language)
      // React replaced the shell rather than adding to it: one of each landmark and id.
      await expect(page.locator('main')).toHaveCount(1)
      await expect(page.locator('header')).toHaveCount(1)
      await expect(page.locator('[id="hero-title"]')).toHaveCount(1)
      expect(violations).toEqual([])
    })
  }

  test('is not shown on / where a member signed in last (they go on to the dashboard)', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('signedIn', '1'))
    const release = await holdAppScripts(page)
    await page.goto('/', { waitUntil: 'commit' })
    await expect(page.locator('template#landing-shell-es')).toBeAttached()
    await expect(page.locator('#root')).toBeEmpty()
    release()
  })

  for (const path of ['/login', '/leaderboard', '/no-such-page']) {
    test(`is not shown on ${path}`, async ({ page }) => {
      const violations = collectCspViolations(page)
      const release = await holdAppScripts(page)
      await page.goto(path, { waitUntil: 'commit' })
      await expect(page.locator('template#landing-shell-es')).toBeAttached()
      await expect(page.locator('#root')).toBeEmpty()

      release()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('#hero-title')).toHaveCount(0)
      expect(violations).toEqual([])
    })
  }
})
