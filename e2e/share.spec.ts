import { expect, test, type APIRequestContext, type Browser } from './support/test'
import {
  E2E_ADMIN,
  createConfirmedUser,
  signInByApi,
  useLanguage,
  type TestUser,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { placeFavouritesBet } from './support/bets'
import {
  buildBracketTournament,
  setStatus,
  type BuiltTournament,
} from './support/tournament-builder'

// Sharing a bracket (docs/product.md "Sharing a bracket"): the fan's "Share my bracket", the public page before
// and after the deadline, its Open Graph tags for crawlers, and the 1200×630 image.

interface Shared {
  admin: APIRequestContext
  built: BuiltTournament
  fan: TestUser
  shareId: string
}

async function shareABracket(browser: Browser, prefix: string): Promise<Shared> {
  const adminContext = await browser.newContext()
  await signInByApi(adminContext, { username: 'e2e-admin', ...E2E_ADMIN })
  const admin = adminContext.request
  const built = await buildBracketTournament(admin, {
    prefix,
    entryFee: 50,
    basePool: 1000,
    multiplier: 0.5,
  })
  const fanContext = await browser.newContext()
  const fan = await createConfirmedUser(fanContext.request, 'sharer', 'en')
  await placeFavouritesBet(fanContext.request, built.id)
  const myBet = (await (
    await fanContext.request.get(`/api/tournaments/${built.id}/my-bet`)
  ).json()) as {
    shareId: string
  }
  expect(myBet.shareId).toMatch(/^[A-Za-z0-9_-]{38}$/)
  await fanContext.close()
  return { admin, built, fan, shareId: myBet.shareId }
}

test('the fan shares a bracket; before the deadline the link shows the entry, never the picks', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const { built, fan, shareId } = await shareABracket(browser, 'Share Before')

  // The fan's own tournament page: "Share my bracket" copies the link (no share sheet here).
  const fanContext = await browser.newContext()
  await fanContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  await useLanguage(fanContext, 'en')
  await signInByApi(fanContext, fan)
  const fanPage = await fanContext.newPage()
  await fanPage.goto(`/tournament/${built.id}`)
  await fanPage.getByRole('button', { name: 'Share my bracket' }).click()
  await expect(fanPage.getByTestId('share-status').first()).toHaveText('Link copied')
  const copied = await fanPage.evaluate(() => navigator.clipboard.readText())
  // The link carries the sharer's language, which its preview follows (not the crawler's).
  expect(copied).toBe(`${baseURL}/share/${shareId}?lang=en`)
  // The fan is in a public league: the page invites visitors to it.
  const leagueName = `Share Club ${Date.now().toString(36)}`
  const created = await fanContext.request.post('/api/leagues', {
    data: { name: leagueName, visibility: 'public' },
  })
  expect(created.status()).toBe(201)
  const league = (await created.json()) as { id: string }
  await fanContext.close()

  // A visitor on a phone who has chosen no language: the copied link's English.
  const visitorContext = await browser.newContext({ viewport: { width: 360, height: 780 } })
  const page = await visitorContext.newPage()
  await page.goto(copied)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`${fan.username} entered ${built.name}`, 'i'),
  )
  await expect(page.getByTestId('share-pool')).toContainText('1,025 coins')
  // Not a dead end: the visitor is asked to make a bracket for this tournament, with the time left.
  const call = page.getByTestId('share-call')
  await expect(call).toHaveText(
    new RegExp(`^Make your bracket for ${built.name} — [\\d,]+ days left$`),
  )
  await expect(call).toHaveAttribute('href', `/tournament/${built.id}`)
  const join = page.getByTestId('share-league')
  await expect(join).toHaveText(`Join ${leagueName}`)
  await expect(join).toHaveAttribute('href', '/register')
  await expect(page.getByText('The picks stay hidden until betting closes')).toBeVisible()
  await expect(page.getByTestId('shared-picks')).toHaveCount(0)
  await expect(page.getByTestId('bracket-match')).toHaveCount(0)
  const card = page.getByTestId('share-card')
  await expect(card).toBeVisible()
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200)
  await expect(page.getByRole('link', { name: 'Download image' })).toHaveAttribute(
    'download',
    /\.png$/,
  )
  // No horizontal scroll at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousA11yViolations(page)
  // No pick crossed the wire either.
  const api = await page.request.get(`/api/share/${shareId}`)
  const body = (await api.json()) as { phase: string; bracket: unknown }
  expect(body).toMatchObject({ phase: 'entered', bracket: null })
  for (const pick of built.picks) expect(JSON.stringify(body)).not.toContain(pick.winnerTeamId)
  // Signing up from it comes back to the league (decision 107's return path).
  await join.click()
  await expect(page).toHaveURL(/\/register$/)
  expect(await page.evaluate(() => (history.state as { usr?: { from?: string } }).usr?.from)).toBe(
    `/leagues/${league.id}`,
  )
  await visitorContext.close()

  // In Spanish, the same call.
  const spanishContext = await browser.newContext({ viewport: { width: 360, height: 780 } })
  await useLanguage(spanishContext, 'es')
  const spanish = await spanishContext.newPage()
  await spanish.goto(`/share/${shareId}`)
  await expect(spanish.getByTestId('share-call')).toHaveText(
    new RegExp(`^Haz tu cuadro para ${built.name} — quedan [\\d.]+ días$`),
  )
  expect(await spanish.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    360,
  )
  await expectNoSeriousA11yViolations(spanish)
  await spanishContext.close()
})

test('after the deadline the link shows the marked bracket; the HTML carries Open Graph tags', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const { admin, built, fan, shareId } = await shareABracket(browser, 'Share After')
  await setStatus(admin, built, 'active')
  // Round of 16, match 1: pair 2 wins, so the fan's pick (pair 1) is wrong and busted onwards.
  const { matches } = (await (
    await admin.get(`/api/admin/matches?${new URLSearchParams({ tournamentId: built.id })}`)
  ).json()) as {
    matches: { id: string; round: string; matchNumber: number; team1Id: string; team2Id: string }[]
  }
  const first = matches.find((m) => m.round === 'round16' && m.matchNumber === 1)!
  const second = matches.find((m) => m.round === 'round16' && m.matchNumber === 2)!
  for (const [match, winner] of [
    [first, first.team2Id],
    [second, second.team1Id],
  ] as const) {
    const saved = await admin.put(`/api/admin/matches/${match.id}`, {
      data: {
        tournamentId: built.id,
        round: match.round,
        matchNumber: match.matchNumber,
        team1Id: match.team1Id,
        team2Id: match.team2Id,
        winnerTeamId: winner,
      },
    })
    expect(saved.status()).toBe(200)
  }

  // Crawlers: the page's HTML names the card and the page by absolute URLs, in the reader's language.
  const html = await (
    await admin.get(`/share/${shareId}`, {
      headers: { Accept: 'text/html', 'Accept-Language': 'es-ES,es;q=0.9' },
    })
  ).text()
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]
  const imageUrl = `${baseURL}/api/share/${shareId}/image.png?lang=es`
  expect(meta('og:image')).toBe(imageUrl)
  expect(meta('og:url')).toBe(`${baseURL}/share/${shareId}`)
  expect(meta('twitter:card')).toBe('summary_large_image')
  expect(meta('twitter:image')).toBe(imageUrl)
  expect(meta('og:title')).toContain(`El cuadro de ${fan.username}`)
  expect(html).toContain('<html lang="es"')

  // The image: a PNG of 1200×630 (signature, then the IHDR chunk's width and height).
  const image = await admin.get(imageUrl)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/png')
  const png = await image.body()
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])

  // A visitor reads the marked bracket and shares it from the keyboard.
  const visitorContext = await browser.newContext()
  await visitorContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseURL!,
  })
  await useLanguage(visitorContext, 'en')
  const page = await visitorContext.newPage()
  await page.goto(`/share/${shareId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${fan.username}’s bracket`)
  const picks = page.getByTestId('shared-picks')
  await expect(picks.getByTestId('bracket-match')).toHaveCount(15)
  await expect(picks.locator('[data-mark="wrong"]')).toHaveCount(1)
  await expect(picks.locator('[data-mark="right"]')).toHaveCount(1)
  // The quarterfinal, semifinal and final that carried pair 1 of match 1 on.
  await expect(picks.locator('[data-mark="busted"]')).toHaveCount(3)
  await expect(page.getByTestId('share-correct')).toContainText('1 of 16')
  await expect(page.getByTestId('share-champion')).toContainText('busted')
  // Its entries are closed: the call is for a tournament still open.
  await expect(page.getByTestId('share-call')).toHaveText(/^Make your bracket for .+ — .+ left$/)
  await expect(page.getByTestId('share-call')).not.toContainText(built.name)
  await expectNoSeriousA11yViolations(page)

  const share = page.getByRole('button', { name: 'Share', exact: true })
  await share.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('share-status')).toHaveText('Link copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/share/${shareId}?lang=en`,
  )
  await visitorContext.close()
})

test('an unknown share link says so', async ({ page }) => {
  await useLanguage(page.context(), 'en')
  await page.goto('/share/not-a-share-id')
  await expect(page.getByRole('heading', { name: 'This link leads nowhere' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
