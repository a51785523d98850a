import { expect, test, type Browser, type Page } from './support/test'
import { E2E_ADMIN, createConfirmedUser, signInByApi, useLanguage } from './support/accounts'
import { expectAccessibleAtTop, expectNoPageScrollX } from './support/tournaments'
import {
  buildBracketTournament,
  placeBet,
  setStatus,
  type BuiltTournament,
} from './support/tournament-builder'

// Brackets of others (docs/product.md "Fans' brackets and the People's Bracket"): the owner's own before the deadline, "not found" for
// everyone else until betting closes; then every fan sees it with its marks, the People's Bracket
// on the tournament page, and the comparison of two brackets.

const afterLoad = expect.configure({ timeout: 20_000 })

test.beforeEach(async ({ context }) => {
  test.slow()
  await useLanguage(context, 'en')
})

interface Detail {
  matches: { id: string; round: string; matchNumber: number; team1Id: string; team2Id: string }[]
  pairs: { id: string; player1: { id: string }; player2: { id: string } }[]
}

async function adminRequest(browser: Browser) {
  const context = await browser.newContext()
  await signInByApi(context, { username: 'e2e-admin', ...E2E_ADMIN })
  return context
}

/** A fan in a context of their own, signed in, pages in English. */
async function newFan(browser: Browser, prefix: string) {
  const context = await browser.newContext()
  await useLanguage(context, 'en')
  const user = await createConfirmedUser(context.request, prefix, 'en')
  return { user, page: await context.newPage() }
}

/**
 * The builder's bracket ("pair 1 always wins") with the first match turned around: its pair 2
 * wins there and goes on to win everything pair 1 would have won (4 picks differ).
 */
async function upsetBracket(page: Page, built: BuiltTournament) {
  const detail = (await (await page.request.get(`/api/tournaments/${built.id}`)).json()) as Detail
  const first = detail.matches.find((m) => m.round === 'round16' && m.matchNumber === 1)!
  const picks = built.picks.map((pick) => ({
    matchId: pick.matchId,
    winnerTeamId: pick.winnerTeamId === first.team1Id ? first.team2Id : pick.winnerTeamId,
  }))
  const champion = detail.pairs.find((pair) => pair.id === first.team2Id)!
  return { picks, mvpPlayerId: champion.player1.id, first }
}

async function setUp(browser: Browser, page: Page) {
  const admin = await adminRequest(browser)
  const built = await buildBracketTournament(admin.request, {
    prefix: 'E2E Brackets',
    entryFee: 50,
    basePool: 1000,
    multiplier: 1,
  })
  const owner = await createConfirmedUser(page.request, 'owner', 'en')
  await placeBet(page.request, built, built.champion.player1.id)
  const rival = await newFan(browser, 'rival')
  const upset = await upsetBracket(rival.page, built)
  const placed = await rival.page.request.post(`/api/tournaments/${built.id}/bets`, {
    data: { picks: upset.picks, mvpPlayerId: upset.mvpPlayerId },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  return { admin, built, owner, rival, upset }
}

test('before the deadline the owner sees their bracket and another fan gets "not found"', async ({
  page,
  browser,
}) => {
  // Two accounts, a whole tournament and four axe runs: minutes on a busy shared machine.
  test.setTimeout(360_000)
  const { admin, built, owner, rival } = await setUp(browser, page)
  const path = `/tournaments/${built.id}/brackets/${owner.username}`

  await page.goto(path)
  await afterLoad(page.getByRole('heading', { level: 1 })).toHaveText(`${owner.username}'s bracket`)
  await expect(page.getByTestId('bracket-is-mine')).toHaveText('This is your bracket.')
  await expect(page.getByTestId('bracket-match')).toHaveCount(15)
  await expect(page.getByTestId('mark-legend')).toContainText('Still alive')
  await expect(page.getByTestId('bracket-score')).toHaveText('0 of 16 correct · up to 16 possible')
  await expect(page.getByTestId('bracket-mvp')).toContainText(built.champion.player1.name)
  await expectAccessibleAtTop(page)

  await rival.page.goto(path)
  await afterLoad(rival.page.getByTestId('bracket-not-found')).toBeVisible()
  await expect(rival.page.getByRole('heading', { level: 1 })).toHaveText('Bracket not found')
  await expect(rival.page.getByText(built.champion.player1.name)).toHaveCount(0)
  // The People's Bracket is not on the tournament page while betting is open.
  await rival.page.goto(`/tournament/${built.id}`)
  await afterLoad(rival.page.getByRole('heading', { level: 1 })).toHaveText(built.name)
  await expect(rival.page.getByTestId('peoples-bracket')).toHaveCount(0)
  await expectAccessibleAtTop(rival.page)
  await rival.page.context().close()
  await admin.close()
})

test("after the deadline both see it with marks, the People's Bracket and the comparison", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000)
  const { admin, built, owner, rival, upset } = await setUp(browser, page)
  // Betting closes; the first match goes the owner's way (pair 1), against the rival's pick.
  await setStatus(admin.request, built, 'active')
  const first = upset.first
  const result = await admin.request.put(`/api/admin/matches/${first.id}`, {
    data: {
      tournamentId: built.id,
      round: 'round16',
      matchNumber: 1,
      team1Id: first.team1Id,
      team2Id: first.team2Id,
      winnerTeamId: first.team1Id,
    },
  })
  expect(result.status(), await result.text()).toBe(200)

  // The rival opens the owner's bracket: marked, with the popular-pick mark.
  await rival.page.goto(`/tournaments/${built.id}/brackets/${owner.username}`)
  await afterLoad(rival.page.getByRole('heading', { level: 1 })).toHaveText(
    `${owner.username}'s bracket`,
  )
  await expect(rival.page.locator('[data-testid="bracket-match"][data-mark="right"]')).toHaveCount(
    1,
  )
  await expect(rival.page.locator('[data-mark="alive"]')).toHaveCount(14)
  await expect(rival.page.getByTestId('bracket-score')).toHaveText(
    '1 of 16 correct · up to 16 possible',
  )
  await expect(rival.page.getByTestId('mark-legend')).toContainText('Popular pick')
  // Another fan's bracket speaks of that fan: whose picks, what the score counts, and the MVP's
  // name kept on one line (issue #29).
  const tree = rival.page.getByTestId('fan-bracket').getByTestId('bracket-tree')
  await expect(tree.getByText(`(pick of ${owner.username})`).first()).toBeAttached()
  await expect(tree.getByText('(your pick)')).toHaveCount(0)
  await expect(rival.page.getByTestId('fan-bracket')).not.toContainText('Predictions submitted')
  await expect(rival.page.getByTestId('fan-bracket')).toContainText('Correct picks')
  const mvpName = rival.page.getByTestId('bracket-mvp-name')
  const mvpLines = await mvpName.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  })
  expect(mvpLines).toBe(1)
  await expectAccessibleAtTop(rival.page)

  // The owner sees the rival's bracket: the first pick wrong, the upset's later picks busted.
  await page.goto(`/tournaments/${built.id}/brackets/${rival.user.username}`)
  await afterLoad(page.locator('[data-mark="wrong"]')).toHaveCount(1)
  await expect(page.locator('[data-mark="busted"]')).toHaveCount(3)

  // Compare: four picks differ, highlighted on both sides; stacked on a phone.
  await page.getByRole('link', { name: 'Compare with mine' }).click()
  await afterLoad(page.getByTestId('compare-differences')).toHaveText('4 picks differ')
  await expect(page.getByTestId('compare-mine').locator('[data-different]')).toHaveCount(4)
  await expect(page.getByTestId('compare-theirs').locator('[data-different]')).toHaveCount(4)
  await expectAccessibleAtTop(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expectNoPageScrollX(page)
  await expect(page.getByText('More rounds').first()).toBeVisible()

  // The People's Bracket on the tournament page: two brackets, one champion each; its most
  // common bracket is a view of the page's one bracket (decision 174).
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/tournament/${built.id}`)
  const peoples = page.getByTestId('peoples-bracket')
  await afterLoad(peoples).toBeVisible()
  await expect(peoples).toContainText('What 2 brackets picked')
  await expect(peoples.getByTestId('champion-shares').getByTestId('share-row')).toHaveCount(2)
  await expect(peoples.getByTestId('champion-shares')).toContainText('50%')
  await page
    .getByTestId('bracket-view-switch')
    .getByRole('button', { name: "People's", exact: true })
    .click()
  await expect(page.getByTestId('most-common-bracket')).toContainText('1 bracket is exactly')
  await expectAccessibleAtTop(page)
  await rival.page.context().close()
  await admin.close()
})
