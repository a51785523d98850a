// The accessibility check of the journeys: axe-core's WCAG 2.1 A and AA rules on the page as it is,
// failing on any serious or critical violation. Two things keep its cost down (issue #28 §4; an
// axe run costs the browser and runner about 0.7–0.9 CPU-s, and the journeys ask for about 220):
// - axe runs inside the page itself, injected once per document, not through @axe-core/playwright's
//   default, which injected it again on every call and then opened a blank page to merge the
//   results (a new renderer each time). The rules, tags and frames checked are the same.
// - A worker checks each screen once: a page whose fingerprint (e2e/support/screen-fingerprint.ts)
//   matches one this worker already found clean gets the same verdict without running axe again.
//   Each call records what it did as a test annotation ("a11y" in reports/e2e.json).
import axe from 'axe-core'
import { createHash } from 'node:crypto'
import { expect, test, type Frame, type Page } from '@playwright/test'
import { screenFingerprint } from './screen-fingerprint'

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21aa']
/** How long a frame may take to take axe in; a frame that runs no script (a sandboxed mail) never does. */
const FRAME_INJECTION_TIMEOUT_MS = 1_000

/** Fingerprints of the screens this worker has found clean, with the test that checked each. */
const cleanScreens = new Map<string, string>()

/** Fails the test on any serious or critical accessibility violation of the current page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const screen = createHash('sha256')
    .update(await page.evaluate(screenFingerprint))
    .digest('hex')
    .slice(0, 16)
  const checkedBy = cleanScreens.get(screen)
  if (checkedBy !== undefined) {
    annotate(`${screen} ${new URL(page.url()).pathname}: as checked in "${checkedBy}"`)
    return
  }
  const serious = await seriousViolations(page)
  expect(serious, 'serious accessibility violations').toEqual([])
  cleanScreens.set(screen, test.info().title)
  annotate(`${screen} ${new URL(page.url()).pathname}: checked`)
}

async function seriousViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) await injectAxe(frame)
  const results = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    WCAG_21_AA,
  )
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    )
}

/** Puts axe into the frame's document unless it is already there (an earlier check of it). */
async function injectAxe(frame: Frame): Promise<void> {
  const inject = async () => {
    const present = await frame.evaluate(() => typeof window.axe?.run === 'function')
    if (!present) await frame.evaluate(axe.source)
  }
  if (frame === frame.page().mainFrame()) return inject()
  // axe in the top frame tests the frames that answer it, as @axe-core/playwright did.
  const timeout = new Promise((resolve) => setTimeout(resolve, FRAME_INJECTION_TIMEOUT_MS))
  await Promise.race([inject().catch(() => undefined), timeout])
}

function annotate(description: string): void {
  test.info().annotations.push({ type: 'a11y', description })
}

declare global {
  interface Window {
    axe: typeof axe
  }
}
