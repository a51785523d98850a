import { expect as baseExpect, test } from './support/test'
import { randomUUID } from 'node:crypto'
import { E2E_ADMIN, signInByApi, useLanguage } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expectNoPageScrollX } from './support/tournaments'

// Importing a draw from the admin screens (docs/product.md "Importing a draw"): a file with a problem shows it in
// its cell and cannot be imported; the fixed file imports the 16 pairs and their round of 16.

// The server shares two cores with the rest of the suite: pages may take more than 5 s to load.
const expect = baseExpect.configure({ timeout: 15_000 })

const DAY = 24 * 60 * 60 * 1000
const HEADER =
  'seed,player1_name,player1_country,player1_ranking,player2_name,player2_country,player2_ranking'

/** 16 pairs of players no other journey has, in draw order; `change` edits a row's cells. */
function drawCsv(run: string, change: (cells: string[], row: number) => void = () => {}) {
  const rows = Array.from({ length: 16 }, (_, index) => {
    const row = index + 1
    const cells = [
      String(row),
      `Draw ${run} Player ${2 * row - 1}`,
      'ES',
      String(2 * row - 1),
      `Draw ${run} Player ${2 * row}`,
      'AR',
      String(2 * row),
    ]
    change(cells, row)
    return cells.join(',')
  })
  return Buffer.from([HEADER, ...rows].join('\n') + '\n')
}

test('an admin sees a problem at its cell, fixes the file and imports the 16 pairs', async ({
  page,
}) => {
  const run = randomUUID().slice(0, 8)
  const name = `Draw Open ${run}`
  await useLanguage(page.context(), 'en')
  await signInByApi(page, { username: 'e2e-admin', ...E2E_ADMIN })
  const start = Date.now() + 10 * DAY
  const created = await page.request.post('/api/admin/tournaments', {
    data: {
      name,
      status: 'upcoming',
      bettingDeadline: new Date(start - DAY).toISOString(),
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * DAY).toISOString(),
      basePool: 1000,
      entryFee: 50,
      multiplier: 0.7,
    },
  })
  expect(created.status(), await created.text()).toBe(201)

  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/admin/tournaments')
  // At 360 px a tournament's actions wait behind its row's details button.
  await page.getByRole('button', { name: `Details of ${name}` }).click()
  await page.getByRole('link', { name: `Import the draw of ${name}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Import draw — ${name}`)

  // Row 3 has no name for its first player.
  const fileInput = page.getByLabel('Draw file (CSV or JSON)')
  await fileInput.setInputFiles({
    name: 'draw.csv',
    mimeType: 'text/csv',
    buffer: drawCsv(run, (cells, row) => {
      if (row === 3) cells[1] = ''
    }),
  })
  await expect(page.getByTestId('draw-summary')).toHaveText('16 pairs · 1 problem')
  const preview = page.getByTestId('draw-preview')
  const invalid = preview.locator('[aria-invalid="true"]')
  await expect(invalid).toHaveCount(1)
  await expect(invalid).toHaveAccessibleDescription('Missing: this cell is required.')
  // Row 3's cells: its number, the seed, then player 1's name.
  const row3 = preview.getByRole('row').filter({ has: page.locator('[aria-invalid="true"]') })
  await expect(row3.getByRole('rowheader')).toHaveText('3')
  expect(await invalid.evaluate((cell: HTMLTableCellElement) => cell.cellIndex)).toBe(2)
  await expect(page.getByTestId('draw-problems')).toContainText(
    'Row 3, player1_name: Missing: this cell is required.',
  )
  const importButton = page.getByRole('button', { name: 'Import draw' })
  await expect(importButton).toBeDisabled()
  await expect(importButton).toHaveAccessibleDescription(/Fix the problems in the file/)
  await expectNoPageScrollX(page)
  await expectNoSeriousA11yViolations(page)

  await page.setViewportSize({ width: 1280, height: 900 })
  await fileInput.setInputFiles({
    name: 'draw-fixed.csv',
    mimeType: 'text/csv',
    buffer: drawCsv(run),
  })
  await expect(page.getByTestId('draw-summary')).toHaveText('16 pairs · 0 problems')
  await expect(invalid).toHaveCount(0)
  await importButton.click()

  await expect(page.getByTestId('draw-imported')).toHaveText(
    `Draw imported: 16 pairs and the round of 16 of ${name}.`,
  )
  const matches = page.getByTestId('imported-match')
  await expect(matches).toHaveCount(8)
  // Rows 1 and 2 meet in match 1, …, rows 15 and 16 in match 8.
  await expect(matches.first()).toContainText(`Draw ${run} Player 1 / Draw ${run} Player 2`)
  await expect(matches.first()).toContainText(`Draw ${run} Player 3 / Draw ${run} Player 4`)
  await expect(matches.last()).toContainText(`Draw ${run} Player 29 / Draw ${run} Player 30`)
  await expect(matches.last()).toContainText(`Draw ${run} Player 31 / Draw ${run} Player 32`)
  await expectNoSeriousA11yViolations(page)
})
