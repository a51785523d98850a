import { expect, type Locator } from '@playwright/test'

/**
 * Expects what is shown for a moment only, such as the wizard's success message (half a second,
 * docs/product.md "Statuses, deadlines and the wizard"). expect's own retries come 0.1, 0.25, 0.5 and then 1 s apart, so on a busy machine
 * they can step over a half-second window (seen in CI); this asks every 50 ms.
 */
export async function expectShownBriefly(locator: Locator, timeout = 10_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { intervals: [50], timeout }).toBe(true)
}
