import { expect as baseExpect, test, type Page } from './support/test'
import { createConfirmedUser, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expectNoPageScrollX } from './support/tournaments'

// The short invite code (issue #29, decision 173): the owner reads it off the league page on a
// phone and copies it; a friend types it in Spanish, in small letters with a space, on /leagues
// and joins; the owner renews it and the old one dies at once; a removed member is told why the
// new one does not let them back.

const expect = baseExpect.configure({ timeout: 15_000 })
const SHOWN_CODE = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/

async function typeCode(page: Page, label: string, go: string, code: string) {
  await page.goto('/leagues')
  await page.getByLabel(label).fill(code)
  await page.getByRole('button', { name: go }).click()
}

test('say the code: copy it, type it in any case, renew it, and a removed fan stays out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const ownerContext = await browser.newContext({ viewport: { width: 360, height: 800 } })
  await useLanguage(ownerContext, 'en')
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  const owner = await createConfirmedUser(ownerContext.request, 'lgcode', 'en')
  const name = `Said aloud ${Date.now().toString(36)}`
  const created = await ownerContext.request.post('/api/leagues', { data: { name } })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }

  // On a phone the owner sees the code in two groups of four and copies it as shown.
  const ownerPage = await ownerContext.newPage()
  await ownerPage.goto(`/leagues/${id}`)
  const shown = ownerPage.getByTestId('league-join-code')
  await expect(shown).toHaveText(SHOWN_CODE)
  const code = (await shown.textContent())!
  await ownerPage.getByRole('button', { name: 'Copy the code' }).click()
  await expect(ownerPage.getByTestId('copy-join-code-status')).toHaveText('Code copied')
  expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(code)
  await expect(ownerPage.getByTestId('league-invite-url')).toBeVisible()
  await expectNoPageScrollX(ownerPage)
  await expectNoSeriousA11yViolations(ownerPage)

  // A friend, in Spanish, types it as heard: small letters and a space. The invite names the
  // owner; joining opens the league, where the friend sees the same code.
  const friendContext = await browser.newContext({ viewport: { width: 360, height: 800 } })
  await useLanguage(friendContext, 'es')
  const friend = await createConfirmedUser(friendContext.request, 'lgcodefan', 'es')
  const friendPage = await friendContext.newPage()
  const typed = code.replace('-', ' ').toLowerCase()
  await typeCode(friendPage, 'Código o enlace de invitación', 'Continuar', typed)
  await expect(friendPage).toHaveURL(new RegExp(`/leagues/join/${code.replace('-', '')}$`))
  await expect(friendPage.getByTestId('invite-inviter')).toHaveText(`${owner.username} te invita a`)
  await expectNoPageScrollX(friendPage)
  await expectNoSeriousA11yViolations(friendPage)
  await friendPage.getByTestId('invite-join').click()
  await expect(friendPage).toHaveURL(new RegExp(`/leagues/${id}$`))
  await expect(friendPage.getByTestId('league-member-count')).toHaveText('2 miembros')
  await expect(friendPage.getByTestId('league-join-code')).toHaveText(code)
  await expect(friendPage.getByRole('button', { name: 'Copiar el código' })).toBeVisible()
  await expectNoSeriousA11yViolations(friendPage)

  // The owner renews: a new code at once, and the old one leads nowhere.
  await ownerPage.setViewportSize({ width: 1280, height: 800 })
  await ownerPage.getByTestId('renew-invite').click()
  await ownerPage.getByTestId('renew-dialog').getByTestId('confirm-button').click()
  await expect(ownerPage.getByTestId('owner-status')).toHaveText(
    'New invite link and code ready: the old ones no longer work.',
  )
  await expect(shown).not.toHaveText(code)
  await expect(shown).toHaveText(SHOWN_CODE)
  const renewed = (await shown.textContent())!
  await expectNoSeriousA11yViolations(ownerPage)

  const lateContext = await browser.newContext()
  await useLanguage(lateContext, 'en')
  await createConfirmedUser(lateContext.request, 'lgcodelate', 'en')
  const latePage = await lateContext.newPage()
  await typeCode(latePage, 'Invite code or link', 'Continue', code)
  await expect(latePage.getByTestId('invite-invalid')).toContainText(
    'This invite link or code does not work',
  )
  // A look-alike is caught before anything is asked: O is no character of a code.
  await typeCode(latePage, 'Invite code or link', 'Continue', `O${renewed.slice(1)}`)
  await expect(latePage.getByRole('alert')).toContainText('8 letters and digits, like K7QM-4XTR')
  await expectNoSeriousA11yViolations(latePage)

  // The owner removes the friend, who then tries the new code: refused, with the reason.
  await ownerPage.getByRole('button', { name: `Remove ${friend.username}` }).click()
  await ownerPage.getByTestId('remove-member-dialog').getByTestId('confirm-button').click()
  await expect(ownerPage.getByTestId('league-member-count')).toHaveText('1 member')
  await typeCode(friendPage, 'Código o enlace de invitación', 'Continuar', renewed.toLowerCase())
  await friendPage.getByTestId('invite-join').click()
  await expect(friendPage.getByRole('alert')).toContainText('te ha expulsado')
  await expectNoSeriousA11yViolations(friendPage)

  for (const context of [ownerContext, friendContext, lateContext]) await context.close()
})
