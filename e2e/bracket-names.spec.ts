import { expect, test, type Locator, type Page } from './support/test'
import { createConfirmedUser, useLanguage } from './support/accounts'
import { DEMO, expectNoPageScrollX, tournamentId } from './support/tournaments'

// Names in the bracket tree are never cut (docs/product.md "Fans' brackets and the People's Bracket"): pairs by their surnames, wrapped
// when long, columns that grow on a wide screen, and a played match's score under its names on a
// phone. The one tree serves the tournament page (the results, with the settled demo tournament's
// set scores) and a fan's bracket alike.

/** Every pair name of the tree shows whole: nothing clipped, no ellipsis. */
async function expectNamesWhole(tree: Locator): Promise<void> {
  const names = tree.getByTestId('pair-name')
  await expect(names.first()).toBeVisible()
  const cut = await names.evaluateAll((elements) =>
    elements
      .filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 ||
          getComputedStyle(el).textOverflow === 'ellipsis' ||
          // The pair's row (seed, name, games, marks) holds it all.
          (el.parentElement?.scrollWidth ?? 0) > (el.parentElement?.clientWidth ?? 0) + 1,
      )
      .map((el) => el.textContent),
  )
  expect(cut, 'names cut').toEqual([])
  expect(await names.count()).toBeGreaterThanOrEqual(30)
}

async function treeOf(page: Page, path: string, scope: string): Promise<Locator> {
  await page.goto(path)
  const tree = page.getByTestId(scope).getByTestId('bracket-tree')
  await expect(tree.getByTestId('bracket-match').first()).toBeVisible({ timeout: 15_000 })
  return tree
}

for (const language of ['es', 'en'] as const) {
  test(`bracket names are never cut, at 1280 and 360 px (${language})`, async ({
    page,
    context,
  }) => {
    test.slow()
    await useLanguage(context, language)
    await createConfirmedUser(page.request, 'names', language)
    const id = await tournamentId(page, DEMO.milano)
    const pages = [
      [`/tournament/${id}`, 'results-section'],
      [`/tournaments/${id}/brackets/raul_red`, 'fan-bracket'],
    ] as const

    await page.setViewportSize({ width: 1280, height: 900 })
    for (const [path, scope] of pages) {
      const tree = await treeOf(page, path, scope)
      await expectNamesWhole(tree)
      // Surnames only, as the cards say them.
      await expect(
        tree.getByTestId('pair-name').filter({ hasText: 'Galán / Chingotto' }),
      ).not.toHaveCount(0)
      // The columns take the frame's width, and each row has its games beside the names.
      const widths = await tree.evaluate((frame) => ({
        frame: frame.clientWidth,
        content: (frame.firstElementChild as HTMLElement | null)?.scrollWidth ?? 0,
      }))
      expect(widths.content).toBeGreaterThanOrEqual(widths.frame * 0.95)
      if (scope === 'results-section') {
        await expect(tree.getByTestId('set-games').first()).toBeVisible()
        await expect(tree.getByTestId('score-line').first()).toBeHidden()
      }
    }

    await page.setViewportSize({ width: 360, height: 740 })
    for (const [path, scope] of pages) {
      const tree = await treeOf(page, path, scope)
      await expectNamesWhole(tree)
      if (scope === 'results-section') {
        // On a phone the score goes under the names.
        await expect(tree.getByTestId('score-line').first()).toBeVisible()
        await expect(tree.getByTestId('set-games').first()).toBeHidden()
      }
      await expectNoPageScrollX(page)
    }
  })
}
