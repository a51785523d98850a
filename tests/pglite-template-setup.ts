// Vitest global setup (vitest.config.ts): makes the cached PGlite dumps (tests/pglite-template.ts)
// once, before any worker starts, when this checkout has none yet (a fresh clone, a new migration,
// a new PGlite). Without it both workers built the same template at once, in the first test
// file's hook and on its clock.
import { getPgliteTemplate } from './pglite-template'

export default async function setup() {
  await getPgliteTemplate()
}
