import { expect, test } from './support/test'
import { createConfirmedUser, E2E_ADMIN, signInByApi, useLanguage } from './support/accounts'

// What the guards do with a signed-in session (the visitor's side is in guards.spec.ts).

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en')
})

test('a signed-in user visiting a guest-only page goes to the dashboard', async ({ page }) => {
  const user = await createConfirmedUser(page.request, 'guest_only', 'en')
  for (const path of ['/login', '/register', '/forgot-password', '/']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/dashboard$/)
  }
  await expect(page.getByTestId('header-username')).toHaveText(user.username)
})

test('a user who is not an admin is sent from /admin to / (and on to the dashboard)', async ({
  page,
}) => {
  await createConfirmedUser(page.request, 'not_admin', 'en')
  await page.goto('/admin')
  // The admin guard sends non-admins to /, which is guest-only and sends members to /dashboard.
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Administration' })).toHaveCount(0)
  await page.goto('/admin/users')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('signing in returns to the page the visitor first asked for', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'return_to', 'en')
  await page.goto('/leaderboard')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/leaderboard$/)
  await expect(page.getByTestId('header-username')).toHaveText(user.username)
})

test('/admin/logout ends an admin’s session and goes back to /', async ({ page }) => {
  await signInByApi(page, { username: 'admin', ...E2E_ADMIN })
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/logout')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
  expect((await page.request.get('/api/me')).status()).toBe(401)
})
