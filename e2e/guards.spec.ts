import { expect, test } from './support/test'

// A visitor (no session) is sent to /login from every signed-in page and from the admin area.
const signedInPages = [
  '/dashboard',
  '/tournaments',
  '/tournament/some-id',
  '/leaderboard',
  '/profile',
]
const adminPages = ['/admin', '/admin/tournaments', '/admin/users']
const openPages = ['/reset-password', '/email-confirmation', '/email-sent?email=a%40example.com']
const guestPages = ['/', '/login', '/register', '/forgot-password']

test.describe('route guards for a visitor', () => {
  for (const path of [...signedInPages, ...adminPages]) {
    test(`${path} redirects to /login`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/login$/)
    })
  }

  for (const path of [...openPages, ...guestPages]) {
    test(`${path} stays open`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(
        path === '/' ? /\/$/ : new RegExp(path.split('?')[0] + '(\\?|$)'),
      )
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  }

  test('an unknown page shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page')
    await expect(page).toHaveTitle(/\| Golden Point$/)
    await expect(page.getByRole('link', { name: /inicio|home/i }).first()).toBeVisible()
  })
})

test('an unknown API route answers a JSON 404', async ({ request }) => {
  const response = await request.get('/api/no-such-route')
  expect(response.status()).toBe(404)
  expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
})
