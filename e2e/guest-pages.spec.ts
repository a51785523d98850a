import { expect, test, type Page } from './support/test'
import { useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// What a visitor meets (issue #14): a way to sign in or up in the header on a phone, and a quiet
// console — the app asks once who is signed in, and "nobody" is an answer, not an error.

const GUEST_PAGES = ['/', '/login', '/register', '/forgot-password', '/email-sent', '/no-such-page']

/** Console errors and failed API answers on a page, from the first request on. */
function watchProblems(page: Page) {
  const problems: string[] = []
  const sessionProbes: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (path.startsWith('/api/') && response.status() >= 400) {
      problems.push(`${response.status()} ${path}`)
    }
    if (path === '/api/me' || path === '/api/session') sessionProbes.push(path)
  })
  return { problems, sessionProbes }
}

test.describe('a visitor', () => {
  for (const path of GUEST_PAGES) {
    test(`sees no console error and one session probe on ${path}`, async ({ page, context }) => {
      await useLanguage(context, 'en')
      const { problems, sessionProbes } = watchProblems(page)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(problems).toEqual([])
      expect(sessionProbes).toEqual(['/api/session'])
    })
  }

  test('sent from a member page to sign in, sees no console error either', async ({
    page,
    context,
  }) => {
    await useLanguage(context, 'en')
    const { problems } = watchProblems(page)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login/)
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })
})

test.describe('on a 360 px phone, a visitor', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const language of ['es', 'en'] as const) {
    const names = {
      es: { signIn: 'Entrar', join: 'Únete' },
      en: { signIn: 'Sign in', join: 'Join' },
    }[language]

    test(`finds sign in and sign up in the header without opening a menu (${language})`, async ({
      page,
      context,
    }) => {
      await useLanguage(context, language)
      for (const path of ['/', '/forgot-password']) {
        await page.goto(path)
        const header = page.locator('header')
        const signIn = header.getByRole('link', { name: names.signIn, exact: true })
        const join = header.getByRole('link', { name: names.join, exact: true })
        await expect(signIn).toBeVisible()
        await expect(join).toBeVisible()
        await expect(signIn).toHaveAttribute('href', '/login')
        await expect(join).toHaveAttribute('href', '/register')
        // Inside the screen, and the page does not scroll sideways.
        for (const link of [signIn, join]) {
          const box = (await link.boundingBox())!
          expect(box.x).toBeGreaterThanOrEqual(0)
          expect(box.x + box.width).toBeLessThanOrEqual(360)
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        )
      }
      await expectNoSeriousA11yViolations(page)

      await page.locator('header').getByRole('link', { name: names.join, exact: true }).click()
      await expect(page).toHaveURL(/\/register$/)
    })
  }
})
