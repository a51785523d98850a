import { expect as baseExpect, test, type APIRequestContext, type Page } from './support/test'
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
import { expectNoSeriousA11yViolations } from './support/axe'
import { placeFavouritesBet } from './support/bets'
import { buildBracketTournament, setStatus } from './support/tournament-builder'
import { expectNoPageScrollX } from './support/tournaments'

// Leagues on the web (issue #18, docs/product.md "Leagues".1): a fan starts a league and copies its
// invite; a visitor opens it signed out, signs up through it, confirms the e-mail and comes back
// to join (decision 107); both bet; after the deadline the league's standings show the two of
// them and not a third fan who bet outside the league. Then the owner's tools and Spanish.

// A league page asks for every open tournament's entries and every closed one's standings: on a
// loaded machine, with the tournaments other journeys leave behind, it may take a few seconds.
const expect = baseExpect.configure({ timeout: 15_000 })

async function createLeagueByApi(request: APIRequestContext, name: string) {
  const response = await request.post('/api/leagues', { data: { name } })
  expect(response.status(), await response.text()).toBe(201)
  const { id } = (await response.json()) as { id: string }
  const detail = (await (await request.get(`/api/leagues/${id}`)).json()) as {
    inviteCode: string
  }
  return { id, inviteCode: detail.inviteCode }
}

async function joinByApi(request: APIRequestContext, code: string) {
  const response = await request.post('/api/leagues/join', { data: { code } })
  expect(response.status(), await response.text()).toBe(200)
}

function leagueTournament(page: Page, tournamentId: string) {
  return page.locator(`[data-testid="league-tournament"][data-tournament-id="${tournamentId}"]`)
}

test('create, share, sign up through the invite, join, bet: the league standings show the two', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const built = await buildBracketTournament(adminContext.request, {
    prefix: 'League cup',
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })

  // The owner starts a league from the header's Leagues link.
  const ownerContext = await browser.newContext()
  await useLanguage(ownerContext, 'en')
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  const owner = await createConfirmedUser(ownerContext.request, 'lgowner', 'en')
  const ownerPage = await ownerContext.newPage()
  await ownerPage.goto('/dashboard')
  await ownerPage
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Leagues' })
    .click()
  await expect(ownerPage).toHaveURL(/\/leagues$/)
  await expect(ownerPage.getByTestId('my-leagues-empty')).toBeVisible()
  await expectNoSeriousA11yViolations(ownerPage)
  const leagueName = `Padel pals ${Date.now().toString(36)}`
  await ownerPage.getByLabel('Name', { exact: true }).fill(leagueName)
  await ownerPage.getByLabel('Description (optional)').fill('Friday night club')
  await ownerPage.getByRole('button', { name: 'Create the league' }).click()
  await expect(ownerPage).toHaveURL(/\/leagues\/[0-9a-f-]{36}$/)
  const leagueId = ownerPage.url().split('/').pop()!
  await expect(ownerPage.getByRole('heading', { level: 1 })).toHaveText(leagueName)
  await expect(ownerPage.getByTestId('league-member-count')).toHaveText('1 member')

  // Share: no share sheet in this browser, so the link is copied, and the page says so.
  await ownerPage.getByRole('button', { name: 'Share the invite link' }).click()
  await expect(ownerPage.getByTestId('share-status')).toHaveText('Link copied')
  const inviteUrl = await ownerPage.evaluate(() => navigator.clipboard.readText())
  expect(inviteUrl).toMatch(new RegExp(`^${baseURL}/leagues/join/[^/]+$`))
  await expect(ownerPage.getByTestId('league-invite-url')).toHaveText(inviteUrl)
  await expectNoSeriousA11yViolations(ownerPage)

  // A visitor opens the invite signed out: who invites, the name, the description and the size,
  // and a way to sign up.
  const friendContext = await browser.newContext()
  await useLanguage(friendContext, 'en')
  const friendPage = await friendContext.newPage()
  const invitePath = new URL(inviteUrl).pathname
  await friendPage.goto(invitePath)
  const preview = friendPage.getByTestId('invite-preview')
  await expect(preview.getByRole('heading', { name: leagueName })).toBeVisible()
  await expect(friendPage.getByTestId('invite-inviter')).toHaveText(
    `${owner.username} invites you to`,
  )
  await expect(friendPage.getByTestId('invite-description')).toHaveText('Friday night club')
  await expect(friendPage.getByTestId('invite-member-count')).toHaveText('1 member')
  await expectNoSeriousA11yViolations(friendPage)
  await friendPage.getByTestId('invite-sign-up').click()
  await expect(friendPage).toHaveURL(/\/register$/)
  const friend = newUser('lgfriend')
  await friendPage.getByLabel('Username', { exact: true }).fill(friend.username)
  await friendPage.getByLabel('Email', { exact: true }).fill(friend.email)
  await friendPage.getByLabel('Password', { exact: true }).fill(friend.password)
  await friendPage.getByLabel('Confirm password', { exact: true }).fill(friend.password)
  await friendPage.getByRole('button', { name: 'Create my account' }).click()
  await expect(friendPage).toHaveURL(/\/email-sent\?email=/)

  // The confirmation link brings the new fan back to the invite, signed in; they join.
  const mail = await waitForMail(friendContext.request, friend.email, CONFIRM_SUBJECT)
  await friendPage.goto(pathOf(linkIn(mail, '/email-confirmation')))
  await expect(friendPage.getByTestId('confirmation-continue')).toHaveText('Continue')
  await expect(friendPage).toHaveURL(new RegExp(`${invitePath}$`), { timeout: 8_000 })
  await friendPage.getByTestId('invite-join').click()
  await expect(friendPage).toHaveURL(new RegExp(`/leagues/${leagueId}$`))
  await expect(friendPage.getByTestId('league-member-count')).toHaveText('2 members')
  await expect(friendPage.getByTestId('league-member')).toHaveCount(2)
  await expect(friendPage.getByTestId('owner-tools')).toHaveCount(0)
  await expect(friendPage.getByTestId('leave-league')).toBeVisible()

  // The owner nudges the member without a bracket: once a day, so a second nudge reaches nobody.
  await ownerPage.reload()
  const openBlock = leagueTournament(ownerPage, built.id)
  await openBlock.getByRole('button', { name: 'Nudge the members without a bracket' }).click()
  await expect(openBlock.getByTestId('nudge-status')).toHaveText('1 member nudged.')
  await openBlock.getByRole('button', { name: 'Nudge the members without a bracket' }).click()
  await expect(openBlock.getByTestId('nudge-status')).toHaveText('0 members nudged.')
  // On a phone the owner's page, nudge buttons and tools included, does not scroll sideways.
  await ownerPage.setViewportSize({ width: 360, height: 740 })
  await expect(openBlock.getByRole('button', { name: /Nudge/ })).toBeVisible()
  await expectNoPageScrollX(ownerPage)
  await ownerPage.setViewportSize({ width: 1280, height: 720 })

  // Both bet; a third fan bets too but is in no league.
  await placeFavouritesBet(ownerContext.request, built.id)
  await placeFavouritesBet(friendContext.request, built.id)
  const outsiderContext = await browser.newContext()
  const outsider = await createConfirmedUser(outsiderContext.request, 'lgoutsider', 'en')
  await placeFavouritesBet(outsiderContext.request, built.id)

  // Before the deadline the league page says who entered, never their picks.
  await ownerPage.reload()
  const block = leagueTournament(ownerPage, built.id)
  await expect(block.getByTestId('league-tournament-entered-count')).toHaveText(
    '2 of 2 members entered',
  )
  await expect(block.getByTestId('league-entered')).toContainText(owner.username)
  await expect(block.getByTestId('league-entered')).toContainText(friend.username)
  await expect(block.getByTestId('standings-row')).toHaveCount(0)

  // After the deadline: the league's standings, the two members and only them.
  await setStatus(adminContext.request, built, 'active')
  await ownerPage.reload()
  const rows = leagueTournament(ownerPage, built.id).getByTestId('standings-row')
  await expect(rows).toHaveCount(2, { timeout: 15_000 })
  const usernames = await rows.evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('data-username')),
  )
  expect(usernames.sort()).toEqual([owner.username, friend.username].sort())
  expect(usernames).not.toContain(outsider.username)
  await expectNoSeriousA11yViolations(ownerPage)

  // The tournament's standings page filters by league, kept in the address.
  await ownerPage.goto(`/tournaments/${built.id}/standings`)
  await expect(ownerPage.getByTestId('standings-row')).toHaveCount(3, { timeout: 15_000 })
  await ownerPage.getByLabel('Show').selectOption({ label: leagueName })
  await expect(ownerPage).toHaveURL(new RegExp(`\\?league=${leagueId}$`))
  await expect(ownerPage.getByTestId('standings-row')).toHaveCount(2)
  await ownerPage.reload()
  await expect(ownerPage.getByLabel('Show')).toHaveValue(leagueId)
  await expect(ownerPage.getByTestId('standings-row')).toHaveCount(2)
  await expectNoSeriousA11yViolations(ownerPage)

  // On a phone (360 px) the league page fits, the standings keep one line per fan, and no page
  // scrolls sideways.
  await ownerPage.setViewportSize({ width: 360, height: 740 })
  await ownerPage.goto(`/leagues/${leagueId}`)
  const leagueRow = leagueTournament(ownerPage, built.id).getByTestId('standings-row').first()
  await expect(leagueRow).toBeVisible()
  expect((await leagueRow.boundingBox())!.height).toBeLessThanOrEqual(56)
  await expectNoPageScrollX(ownerPage)
  await ownerPage.goto('/leagues')
  await expect(ownerPage.getByTestId('league-card')).toContainText(leagueName)
  await expectNoPageScrollX(ownerPage)
  await friendPage.setViewportSize({ width: 360, height: 740 })
  await friendPage.goto(invitePath)
  await expect(friendPage.getByTestId('invite-open')).toBeVisible()
  await expectNoPageScrollX(friendPage)

  for (const context of [adminContext, ownerContext, friendContext, outsiderContext]) {
    await context.close()
  }
})

test('owner tools: rename, renew kills the old link, remove, hand over, leave, delete', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const ownerContext = await browser.newContext()
  await useLanguage(ownerContext, 'en')
  await createConfirmedUser(ownerContext.request, 'lgtools', 'en')
  const { id, inviteCode } = await createLeagueByApi(
    ownerContext.request,
    `Tools ${Date.now().toString(36)}`,
  )
  const memberContext = await browser.newContext()
  await useLanguage(memberContext, 'en')
  const member = await createConfirmedUser(memberContext.request, 'lgmember', 'en')
  await joinByApi(memberContext.request, inviteCode)
  const heirContext = await browser.newContext()
  await useLanguage(heirContext, 'en')
  const heir = await createConfirmedUser(heirContext.request, 'lgheir', 'en')
  await joinByApi(heirContext.request, inviteCode)

  const page = await ownerContext.newPage()
  await page.goto(`/leagues/${id}`)
  await expect(page.getByTestId('league-member')).toHaveCount(3)

  // Rename.
  const tools = page.getByTestId('owner-tools')
  const newName = `Renamed ${Date.now().toString(36)}`
  await tools.getByLabel('Name', { exact: true }).fill(newName)
  await tools.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('owner-status')).toHaveText('Changes saved.')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName)

  // Renew the invite by keyboard, through the confirmation dialog; the old link dies.
  await page.getByTestId('renew-invite').focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('renew-dialog')
  await expect(dialog).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await dialog.getByTestId('confirm-button').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('owner-status')).toHaveText(
    'New invite link and code ready: the old ones no longer work.',
  )
  await expect(page.getByTestId('league-invite-url')).not.toContainText(inviteCode)

  const visitorContext = await browser.newContext()
  await useLanguage(visitorContext, 'en')
  const visitor = await visitorContext.newPage()
  await visitor.goto(`/leagues/join/${inviteCode}`)
  await expect(visitor.getByTestId('invite-invalid')).toContainText(
    'This invite link or code does not work',
  )
  await expectNoSeriousA11yViolations(visitor)
  await visitorContext.close()

  // Remove the member, after confirming: the owner is told a removed fan stays out.
  await expect(page.getByTestId('removed-stay-out')).toHaveText(
    'Fans you remove cannot rejoin with the invite link or code.',
  )
  await page.getByRole('button', { name: `Remove ${member.username}` }).click()
  await page.getByTestId('remove-member-dialog').getByTestId('confirm-button').click()
  await expect(page.getByTestId('league-member')).toHaveCount(2)
  await expect(page.getByTestId('league-member-count')).toHaveText('2 members')
  expect((await memberContext.request.get(`/api/leagues/${id}`)).status()).toBe(404)

  // Close joining: the invite disappears from the page.
  await page.getByTestId('toggle-joining').click()
  await expect(page.getByTestId('league-joining-closed')).toBeVisible()
  await expect(page.getByTestId('league-invite')).toHaveCount(0)

  // The member search asks the server once typing pauses, not once per key.
  const searches: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    const q = url.searchParams.get('q')
    if (url.pathname === `/api/leagues/${id}/members` && q) searches.push(q)
  })
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === heir.username,
  )
  await page.getByLabel('Find a member').pressSequentially(heir.username)
  await searched
  expect(searches).toEqual([heir.username])

  // Hand the league over: the tools go with it, and the former owner may leave.
  await page.getByLabel('New owner').selectOption({ label: heir.username })
  await page.getByRole('button', { name: 'Make owner' }).click()
  await page.getByTestId('transfer-dialog').getByTestId('confirm-button').click()
  await expect(page.getByTestId('owner-tools')).toHaveCount(0)
  await page.getByTestId('leave-league').click()
  await page.getByTestId('leave-dialog').getByTestId('confirm-button').click()
  await expect(page).toHaveURL(/\/leagues$/)
  await expect(page.getByTestId('my-leagues-empty')).toBeVisible()

  // The new owner deletes it, after confirming: back to the list, where it is gone.
  const heirPage = await heirContext.newPage()
  await heirPage.goto(`/leagues/${id}`)
  await heirPage.getByTestId('delete-league').click()
  await heirPage.getByTestId('delete-dialog').getByTestId('confirm-button').click()
  await expect(heirPage).toHaveURL(/\/leagues$/)
  await expect(heirPage.getByTestId('my-leagues-empty')).toBeVisible()

  for (const context of [ownerContext, memberContext, heirContext]) await context.close()
})

test('in Spanish: the leagues page, a public league to join, and a dead invite', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext()
  const { username } = await createConfirmedUser(ownerContext.request, 'lgpublic', 'es')
  const name = `Liga abierta ${Date.now().toString(36)}`
  const created = await ownerContext.request.post('/api/leagues', {
    data: { name, visibility: 'public' },
  })
  expect(created.status()).toBe(201)

  const context = await browser.newContext()
  await useLanguage(context, 'es')
  await createConfirmedUser(context.request, 'lgespanol', 'es')
  const page = await context.newPage()
  // Before any search, no public league at all reads as an invitation, not as "no match".
  await page.route('**/api/leagues/public?*', (route) =>
    route.fulfill({ json: { leagues: [], hasMore: false } }),
  )
  await page.goto('/leagues')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ligas')
  await expect(page.getByTestId('my-leagues-empty')).toContainText('Aún no estás en ninguna liga')
  await expect(page.getByTestId('public-leagues-empty')).toContainText('Aún no hay ligas públicas')
  await page.unrouteAll()
  await page.getByLabel('Busca ligas públicas por nombre').fill(`${name} sin igual`)
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page.getByTestId('public-leagues-empty')).toContainText(
    'Ninguna liga pública coincide',
  )
  await page.getByLabel('Busca ligas públicas por nombre').fill(name)
  await page.getByRole('button', { name: 'Buscar' }).click()
  const found = page.getByTestId('public-league').filter({ hasText: name })
  await expect(found).toContainText('1 miembro')
  await expectNoSeriousA11yViolations(page)
  await found.getByRole('button', { name: `Unirme a ${name}` }).click()
  await expect(page).toHaveURL(/\/leagues\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('league-member-count')).toHaveText('2 miembros')
  await expect(
    page.getByRole('heading', { name: 'Clasificación de la temporada', exact: true }),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // A private league's code, typed into "join with a code", leads to its invite: who invites.
  const privateLeague = await ownerContext.request.post('/api/leagues', {
    data: { name: `Liga de los viernes ${Date.now().toString(36)}`, description: 'Pista 3' },
  })
  const { id: privateId } = (await privateLeague.json()) as { id: string }
  const { inviteCode } = (await (
    await ownerContext.request.get(`/api/leagues/${privateId}`)
  ).json()) as { inviteCode: string }
  await page.goto('/leagues')
  const codeField = page.getByLabel('Código o enlace de invitación')
  await codeField.fill('ABC')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('alert')).toContainText('8 letras y cifras')
  await expect(codeField).toHaveAttribute('aria-invalid', 'true')
  await codeField.fill(` ${inviteCode} `)
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(new RegExp(`/leagues/join/${inviteCode}$`))
  await expect(page.getByTestId('invite-inviter')).toHaveText(`${username} te invita a`)
  await expect(page.getByTestId('invite-description')).toHaveText('Pista 3')
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/leagues')
  await expect(codeField).toBeVisible()
  await expectNoPageScrollX(page)
  await expectNoSeriousA11yViolations(page)

  await page.goto('/leagues/join/no-such-code')
  await expect(page.getByTestId('invite-invalid')).toContainText(
    'Este enlace o código de invitación no funciona',
  )
  await ownerContext.close()
  await context.close()
})
