// How the draw preview's problems are laid on its table: each under the cell it names (row and
// column from the server), a row's own under its number, the file's above the table.
import { DRAW_OPTIONAL_COLUMNS, type DrawColumn } from '#domain/draw/draw-rows'
import type { DrawPreviewRow, DrawProblem } from '#shared/schemas/admin'

export interface PlacedDrawProblems {
  /** Problems of the file as a whole (row null): the pair count, pairs left out. */
  file: DrawProblem[]
  /** By row: problems of the row as a whole (column null), e.g. more cells than the header. */
  rows: ReadonlyMap<number, DrawProblem[]>
  /** By drawCellKey(row, column). */
  cells: ReadonlyMap<string, DrawProblem[]>
}

export const drawCellKey = (row: number, column: DrawColumn) => `${row}:${column}`

export function placeDrawProblems(problems: readonly DrawProblem[]): PlacedDrawProblems {
  const file: DrawProblem[] = []
  const rows = new Map<number, DrawProblem[]>()
  const cells = new Map<string, DrawProblem[]>()
  const add = <K>(map: Map<K, DrawProblem[]>, key: K, problem: DrawProblem) =>
    map.set(key, [...(map.get(key) ?? []), problem])
  for (const problem of problems) {
    if (problem.row === null) file.push(problem)
    else if (problem.column === null) add(rows, problem.row, problem)
    else add(cells, drawCellKey(problem.row, problem.column), problem)
  }
  return { file, rows, cells }
}

/** Whether the tour-id columns are worth a place in the table: a row fills one, or a problem names one. */
export function showsTourIds(
  rows: readonly DrawPreviewRow[],
  problems: readonly DrawProblem[],
): boolean {
  const isIdColumn = (column: DrawColumn | null) =>
    (DRAW_OPTIONAL_COLUMNS as readonly (DrawColumn | null)[]).includes(column)
  return (
    rows.some((row) => DRAW_OPTIONAL_COLUMNS.some((column) => (row.cells[column] ?? '') !== '')) ||
    problems.some((problem) => isIdColumn(problem.column))
  )
}

/** What a DRAW_FILE_COLUMNS refusal names, from its details; empty lists for anything else. */
export function refusedColumns(details: unknown): {
  missing: string[]
  unknown: string[]
  repeated: string[]
} {
  const record = typeof details === 'object' && details !== null ? details : {}
  const list = (key: string) => {
    const value = (record as Record<string, unknown>)[key]
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []
  }
  return { missing: list('missing'), unknown: list('unknown'), repeated: list('repeated') }
}
