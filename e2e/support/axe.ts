// The accessibility check of the journeys: axe-core's WCAG 2.1 A and AA rules on the page as it is,
// failing on any serious or critical violation (decision 189). axe runs inside the page itself,
// injected once per document, not through @axe-core/playwright's default, which injected it again
// on every call and then opened a blank page to merge the results (a new renderer each time); the
// rules, tags and frames checked are the same.
import axe from 'axe-core'
import { expect, type Frame, type Page } from '@playwright/test'

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21aa']
/** How long a frame may take to take axe in; a frame that runs no script (a sandboxed mail) never does. */
const FRAME_INJECTION_TIMEOUT_MS = 1_000

/** Fails the test on any serious or critical accessibility violation of the current page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page), 'serious accessibility violations').toEqual([])
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

declare global {
  interface Window {
    axe: typeof axe
  }
}
