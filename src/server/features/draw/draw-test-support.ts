// Uploading draw files in the route tests, and the sample draw the docs show.
import { readFileSync } from 'node:fs'
import { count, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { auditLog, matches, players, teams } from '#server/db/schema'
import type { TestBrowser } from '#tests/test-browser'

/** docs/samples/draw.csv: the sample docs/product.md shows, so the docs' sample always imports. */
export const SAMPLE_DRAW_CSV = readFileSync(
  new URL('../../../../docs/samples/draw.csv', import.meta.url),
  'utf8',
)

/** docs/samples/draw.json: the same draw in the JSON form docs/product.md shows. */
export const SAMPLE_DRAW_JSON = readFileSync(
  new URL('../../../../docs/samples/draw.json', import.meta.url),
  'utf8',
)

export function drawUpload(
  browser: TestBrowser,
  tournamentId: string,
  action: 'preview' | 'import',
  content: string | Uint8Array,
  fileName = 'draw.csv',
): Promise<Response> {
  const form = new FormData()
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : Buffer.from(content)]),
    fileName,
  )
  return browser.request(`/api/admin/tournaments/${tournamentId}/draw/${action}`, {
    method: 'POST',
    body: form,
  })
}

/** Counts of what a draw writes, to show that a request wrote nothing. */
export async function drawRowCounts(db: Database, tournamentId: string) {
  const [playerCount] = await db.select({ n: count() }).from(players)
  const [pairCount] = await db
    .select({ n: count() })
    .from(teams)
    .where(eq(teams.tournamentId, tournamentId))
  const [matchCount] = await db
    .select({ n: count() })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
  const [auditCount] = await db.select({ n: count() }).from(auditLog)
  return {
    players: playerCount!.n,
    pairs: pairCount!.n,
    matches: matchCount!.n,
    audit: auditCount!.n,
  }
}

/** The sample with one cell of one row (1 = the first pair) replaced. */
export function sampleWith(row: number, column: number, value: string): string {
  const lines = SAMPLE_DRAW_CSV.trimEnd().split('\n')
  const cells = lines[row]!.split(',')
  cells[column] = value
  lines[row] = cells.join(',')
  return `${lines.join('\n')}\n`
}
