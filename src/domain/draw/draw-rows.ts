// A draw file's rows, read as the organiser wrote them: one pair per row in draw order (rows 1
// and 2 meet in round-of-16 match 1, rows 3 and 4 in match 2, …), every problem named by its row
// (1 = the first pair) and its column's header name (docs/product.md "Importing a draw").
// Pure: the file is already split into cells; what the catalogue holds is draw-plan.ts's concern.

export const DRAW_REQUIRED_COLUMNS = [
  'seed',
  'player1_name',
  'player1_country',
  'player1_ranking',
  'player2_name',
  'player2_country',
  'player2_ranking',
] as const
export const DRAW_OPTIONAL_COLUMNS = ['player1_id', 'player2_id'] as const
/** The columns in the order an export writes them. */
export const DRAW_COLUMNS = [...DRAW_REQUIRED_COLUMNS, ...DRAW_OPTIONAL_COLUMNS] as const
export type DrawColumn = (typeof DRAW_COLUMNS)[number]

/** A draw has 16 pairs: the round of 16. */
export const DRAW_PAIRS = 16
/** More rows than this is not a draw at all: the file is refused before any row is read. */
export const DRAW_MAX_ROWS = 64
export const DRAW_NAME_MAX = 100
export const DRAW_COUNTRY_MAX = 60
export const DRAW_EXTERNAL_ID_MAX = 64
export const DRAW_RANKING_MAX = 1_000_000

/** Every problem a preview can name, the file's own and those against the catalogue. */
export const DRAW_PROBLEM_CODES = [
  'required',
  'too_long',
  'not_text',
  'ranking_not_positive_integer',
  'seed_out_of_range',
  'seed_repeated',
  'extra_cells',
  'same_player_twice_in_pair',
  'player_in_two_pairs',
  'pair_count',
  // Against what is stored (draw-plan.ts):
  'player_in_other_pair',
  'external_id_mismatch',
  'ambiguous_player',
  'tournament_has_other_pairs',
] as const
export type DrawProblemCode = (typeof DRAW_PROBLEM_CODES)[number]

export interface DrawProblem {
  /** 1 = the first pair; null for the file as a whole. */
  readonly row: number | null
  readonly column: DrawColumn | null
  readonly code: DrawProblemCode
  /** The other row of a pair of rows in conflict (a repeated seed or player). */
  readonly otherRow?: number
  /** A count the message names: pairs in the file, pairs of the tournament not in it. */
  readonly count?: number
}

/** A cell as it arrived: text, or (from JSON) something that is not text or a number. */
export type DrawCell = string | { readonly invalid: true }

/** One row of the file: its cells by column name (a missing cell is absent). */
export interface DrawRecord {
  readonly cells: Partial<Record<DrawColumn, DrawCell>>
  /** Cells beyond the header's columns (a CSV row longer than its header). */
  readonly extraCells?: number
}

export interface DrawPlayerEntry {
  readonly name: string
  readonly country: string
  /** Null: not given (stored as 0, unranked). */
  readonly ranking: number | null
  readonly externalId: string | null
}

export interface DrawEntry {
  readonly row: number
  readonly seed: number | null
  readonly players: readonly [DrawPlayerEntry, DrawPlayerEntry]
}

const SIDES = [
  {
    name: 'player1_name',
    country: 'player1_country',
    ranking: 'player1_ranking',
    id: 'player1_id',
  },
  {
    name: 'player2_name',
    country: 'player2_country',
    ranking: 'player2_ranking',
    id: 'player2_id',
  },
] as const

/** Trimmed, inner runs of white space made one space, composed (NFC) so "é" matches "é". */
export function normalizeText(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim()
}

/** How a player is recognised in the file and the catalogue without an external id. */
export function playerNameKey(player: { name: string; country: string }): string {
  return `${normalizeText(player.name).toLowerCase()}\u0000${normalizeText(player.country).toLowerCase()}`
}

/** The key that says two entries are the same player: the external id when given. */
export function playerIdentity(player: DrawPlayerEntry): string {
  return player.externalId !== null ? `id:${player.externalId}` : `name:${playerNameKey(player)}`
}

/**
 * The file's rows as entries, and every problem the file shows on its own. An entry is returned
 * for every row (with what could be read), so a preview can show the whole file.
 */
export function readDrawRows(records: readonly DrawRecord[]): {
  entries: DrawEntry[]
  problems: DrawProblem[]
} {
  const problems: DrawProblem[] = []
  const entries = records.map((record, index) => readRow(record, index + 1, problems))
  findRepeats(entries, problems)
  if (entries.length !== DRAW_PAIRS) {
    problems.push({ row: null, column: null, code: 'pair_count', count: entries.length })
  }
  return { entries, problems: sortProblems(problems) }
}

function readRow(record: DrawRecord, row: number, problems: DrawProblem[]): DrawEntry {
  const text = (column: DrawColumn, max: number, required: boolean): string => {
    const cell = record.cells[column]
    if (cell !== undefined && typeof cell !== 'string') {
      problems.push({ row, column, code: 'not_text' })
      return ''
    }
    const value = normalizeText(cell ?? '')
    if (required && value === '') problems.push({ row, column, code: 'required' })
    if (value.length > max) problems.push({ row, column, code: 'too_long' })
    return value
  }
  const whole = (column: DrawColumn, min: number, max: number, code: DrawProblemCode) => {
    const value = text(column, 20, false)
    if (value === '') return null
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      problems.push({ row, column, code })
      return null
    }
    return Number(value)
  }
  const seed = whole('seed', 1, DRAW_PAIRS, 'seed_out_of_range')
  const readPlayer = (side: (typeof SIDES)[number]): DrawPlayerEntry => ({
    name: text(side.name, DRAW_NAME_MAX, true),
    country: text(side.country, DRAW_COUNTRY_MAX, true),
    ranking: whole(side.ranking, 1, DRAW_RANKING_MAX, 'ranking_not_positive_integer'),
    externalId: text(side.id, DRAW_EXTERNAL_ID_MAX, false) || null,
  })
  const players = [readPlayer(SIDES[0]), readPlayer(SIDES[1])] as const
  if ((record.extraCells ?? 0) > 0) problems.push({ row, column: null, code: 'extra_cells' })
  if (isNamed(players[0]) && isNamed(players[1])) {
    if (playerIdentity(players[0]) === playerIdentity(players[1])) {
      problems.push({ row, column: 'player2_name', code: 'same_player_twice_in_pair' })
    }
  }
  return { row, seed, players }
}

function isNamed(player: DrawPlayerEntry): boolean {
  return player.externalId !== null || (player.name !== '' && player.country !== '')
}

/** A seed or a player met again in a later row: the later row names the first. */
function findRepeats(entries: readonly DrawEntry[], problems: DrawProblem[]) {
  const seeds = new Map<number, number>()
  const players = new Map<string, number>()
  for (const entry of entries) {
    if (entry.seed !== null) {
      const first = seeds.get(entry.seed)
      if (first === undefined) seeds.set(entry.seed, entry.row)
      else problems.push({ row: entry.row, column: 'seed', code: 'seed_repeated', otherRow: first })
    }
    entry.players.forEach((player, side) => {
      if (!isNamed(player)) return
      const key = playerIdentity(player)
      const first = players.get(key)
      if (first === undefined) players.set(key, entry.row)
      else if (first !== entry.row) {
        const column = side === 0 ? 'player1_name' : 'player2_name'
        problems.push({ row: entry.row, column, code: 'player_in_two_pairs', otherRow: first })
      }
    })
  }
}

const COLUMN_ORDER = new Map<string, number>(DRAW_COLUMNS.map((column, index) => [column, index]))

/** The file's problems first, then by row and column, as a reader goes through the table. */
export function sortProblems(problems: readonly DrawProblem[]): DrawProblem[] {
  return [...problems].sort(
    (a, b) =>
      (a.row ?? 0) - (b.row ?? 0) ||
      (COLUMN_ORDER.get(a.column ?? '') ?? -1) - (COLUMN_ORDER.get(b.column ?? '') ?? -1),
  )
}
