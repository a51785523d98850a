// GET /api/admin/tournaments/:id/draw.csv: the draw in the import's own format, so an export
// re-imports to the same draw (docs/decisions/140). Rows in draw order (round-of-16 match 1's
// pairs first); pairs not in a round-of-16 match follow by seed. Cells a spreadsheet would run
// as a formula are written escaped.
import { asc, eq, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { DRAW_COLUMNS, type DrawColumn } from '#domain/draw/draw-rows'
import { escapeSpreadsheetCell } from '#domain/draw/spreadsheet-cells'
import type { Database } from '#server/db/client'
import { matches, teams } from '#server/db/schema'
import { player1, player2 } from '#server/game/pairs'
import { readDrawState } from './draw-catalogue'

// Spreadsheets open a UTF-8 file as UTF-8 (not their local code page) when it starts with a BOM.
const UTF8_BOM = '\uFEFF'

export async function exportDrawCsv(
  db: Database,
  tournamentId: string,
): Promise<{ name: string; csv: string }> {
  const { name } = await readDrawState(db, tournamentId, { lock: false })
  const pairs = await db
    .select({ team: teams, first: player1, second: player2 })
    .from(teams)
    .innerJoin(player1, eq(player1.id, teams.player1Id))
    .innerJoin(player2, eq(player2.id, teams.player2Id))
    .where(eq(teams.tournamentId, tournamentId))
    .orderBy(sql`${teams.seed} asc nulls last`, asc(teams.createdAt), asc(teams.id))
  const round16 = await db
    .select({
      matchNumber: matches.matchNumber,
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
    })
    .from(matches)
    .where(sql`${matches.tournamentId} = ${tournamentId} and ${matches.round} = 'round16'`)
  const position = new Map<string, number>()
  for (const match of round16) {
    if (match.team1Id) position.set(match.team1Id, 2 * match.matchNumber - 1)
    if (match.team2Id) position.set(match.team2Id, 2 * match.matchNumber)
  }
  const ordered = pairs
    .map((pair, index) => ({ pair, order: position.get(pair.team.id) ?? 1000 + index }))
    .sort((a, b) => a.order - b.order)
  const rows = ordered.map(({ pair: { team, first, second } }) => {
    const row: Record<DrawColumn, string> = {
      seed: team.seed === null ? '' : String(team.seed),
      player1_name: first.name,
      player1_country: first.country,
      player1_ranking: first.ranking > 0 ? String(first.ranking) : '',
      player2_name: second.name,
      player2_country: second.country,
      player2_ranking: second.ranking > 0 ? String(second.ranking) : '',
      player1_id: first.externalId ?? '',
      player2_id: second.externalId ?? '',
    }
    return DRAW_COLUMNS.map((column) => escapeSpreadsheetCell(row[column]))
  })
  const csv = Papa.unparse({ fields: [...DRAW_COLUMNS], data: rows }, { newline: '\r\n' })
  return { name, csv: `${UTF8_BOM}${csv}\r\n` }
}
