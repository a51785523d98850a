/** Resolves at `moment` (a `performance.now()` reading), at once when it has passed. */
export async function waitUntil(moment: number): Promise<void> {
  const wait = moment - performance.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}
