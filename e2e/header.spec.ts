import { expect, test, type Page } from './support/test'
import {
  CONFIRM_SUBJECT,
  E2E_ADMIN,
  createConfirmedUser,
  linkIn,
  newUser,
  pathOf,
  signInByApi,
  useLanguage,
  waitForMail,
} from './support/accounts'

// The header (decision 125): one line at every width from 320 to 1920 px, for a visitor, a fan
// with a long name and the admin, in both languages, and never a sideways scroll; a sign-up
// started from its "Join now" on an invite page comes back to the invite (decision 107).

const WIDTHS = [320, 360, 414, 640, 768, 1023, 1024, 1100, 1280, 1440, 1920]

/** No sideways scroll, and every header link and button on one line (none taller than 44 px). */
async function expectHeaderFits(page: Page, width: number, who: string): Promise<void> {
  const measured = await page.evaluate(() => {
    const header = document.querySelector('header')!
    const tall = [...header.querySelectorAll('a, button')]
      .filter((el) => el.getBoundingClientRect().height > 0 && !el.closest('[hidden]'))
      .filter((el) => el.getBoundingClientRect().height > 44)
      .map((el) => el.textContent?.trim())
    return {
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      headerOverflow: header.scrollWidth - header.clientWidth,
      tall,
    }
  })
  expect(measured, `${who} at ${width} px`).toEqual({ overflow: 0, headerOverflow: 0, tall: [] })
}

for (const language of ['es', 'en'] as const) {
  test(`the header fits on one line from 320 to 1920 px: visitor, fan, admin (${language})`, async ({
    browser,
  }) => {
    test.slow()
    const roles: [string, (page: Page) => Promise<string>][] = [
      ['visitor', async () => '/'],
      [
        'fan',
        async (page) => {
          await createConfirmedUser(page.request, 'header_longish_name', language)
          return '/dashboard'
        },
      ],
      [
        'admin',
        async (page) => {
          await signInByApi(page, { username: 'e2e-admin', ...E2E_ADMIN })
          return '/dashboard'
        },
      ],
    ]
    for (const [who, signIn] of roles) {
      const context = await browser.newContext()
      await useLanguage(context, language)
      const page = await context.newPage()
      const path = await signIn(page)
      await page.goto(path)
      await expect(page.locator('header a').first()).toBeVisible()
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        await expectHeaderFits(page, width, who)
      }
      await context.close()
    }
  })
}

test('a sign-up from the header on an invite page comes back to the invite', async ({
  browser,
}) => {
  test.slow()
  const ownerContext = await browser.newContext()
  await createConfirmedUser(ownerContext.request, 'hdrowner', 'es')
  const created = await ownerContext.request.post('/api/leagues', {
    data: { name: `Header league ${Date.now().toString(36)}` },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const detail = (await (await ownerContext.request.get(`/api/leagues/${id}`)).json()) as {
    inviteCode: string
  }
  const invitePath = `/leagues/join/${detail.inviteCode}`

  const context = await browser.newContext()
  await useLanguage(context, 'es')
  const page = await context.newPage()
  await page.goto(invitePath)
  await expect(page.getByTestId('invite-preview')).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Cuenta' })
    .getByRole('link', { name: 'Únete ahora' })
    .click()
  await expect(page).toHaveURL(/\/register$/)
  const friend = newUser('hdrfriend')
  await page.getByLabel('Nombre de usuario', { exact: true }).fill(friend.username)
  await page.getByLabel('Correo electrónico', { exact: true }).fill(friend.email)
  await page.getByLabel('Contraseña', { exact: true }).fill(friend.password)
  await page.getByLabel('Confirma la contraseña', { exact: true }).fill(friend.password)
  await page.getByRole('button', { name: 'Crear mi cuenta' }).click()
  await expect(page).toHaveURL(/\/email-sent\?email=/)

  const mail = await waitForMail(context.request, friend.email, CONFIRM_SUBJECT)
  await page.goto(pathOf(linkIn(mail, '/email-confirmation')))
  await expect(page).toHaveURL(new RegExp(`${invitePath}$`), { timeout: 8_000 })
  await expect(page.getByTestId('invite-join')).toBeVisible()
  await Promise.all([context.close(), ownerContext.close()])
})
