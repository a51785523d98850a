// A draw file's bytes as rows of cells (docs/decisions/140). Whatever arrives — a BOM, Latin-1,
// a spreadsheet's semicolons, 10,000 rows, binary junk, JSON nested a thousand deep — is read or
// refused here with a 400 that names the reason, before any row reaches the rules.
import Papa from 'papaparse'
import {
  DRAW_COLUMNS,
  DRAW_MAX_ROWS,
  DRAW_REQUIRED_COLUMNS,
  type DrawCell,
  type DrawColumn,
  type DrawRecord,
} from '#domain/draw/draw-rows'
import { unescapeSpreadsheetCell } from '#domain/draw/spreadsheet-cells'
import type { ErrorReason } from '#shared/errors'
import { appErrorBecause, type AppError } from '#server/errors'
import { exceedsJsonDepth } from '#server/middleware/json-depth'

export interface DrawFile {
  format: 'csv' | 'json'
  encoding: 'utf-8' | 'windows-1252'
  records: DrawRecord[]
}

const refuse = (reason: ErrorReason, details?: unknown): AppError =>
  appErrorBecause('VALIDATION_FAILED', reason, details)

const UTF8_BOM = [0xef, 0xbb, 0xbf]
// Controls no draw has: C0 but tab, line feed and carriage return; DEL; the C1 block, which is
// what Windows-1252 makes of the bytes it leaves undefined.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
/** An array of flat objects: the array and its objects. */
const JSON_DRAW_DEPTH = 2

export function readDrawFile(bytes: Uint8Array): DrawFile {
  const { text, encoding } = decodeText(bytes)
  const start = text.trimStart()[0]
  if (start === '[' || start === '{') return { format: 'json', encoding, records: readJson(text) }
  return { format: 'csv', encoding, records: readCsv(text) }
}

/**
 * UTF-8 (a BOM is dropped); bytes that are not UTF-8 are read as Windows-1252, the superset of
 * Latin-1 that spreadsheets on Windows write. UTF-16 and binary files are refused.
 */
function decodeText(bytes: Uint8Array): { text: string; encoding: DrawFile['encoding'] } {
  if (bytes.length === 0) throw refuse('DRAW_FILE_EMPTY')
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw refuse('DRAW_FILE_UTF16')
  }
  if (bytes.includes(0)) throw refuse('DRAW_FILE_NOT_TEXT')
  const hasBom = UTF8_BOM.every((byte, index) => bytes[index] === byte)
  let text: string
  let encoding: DrawFile['encoding'] = 'utf-8'
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      hasBom ? bytes.subarray(UTF8_BOM.length) : bytes,
    )
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes)
    encoding = 'windows-1252'
  }
  if (CONTROL_CHARACTERS.test(text)) throw refuse('DRAW_FILE_NOT_TEXT')
  if (text.trim() === '') throw refuse('DRAW_FILE_EMPTY')
  return { text, encoding }
}

function readCsv(text: string): DrawRecord[] {
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    // What spreadsheets write: commas, or semicolons where the comma is the decimal mark.
    delimitersToGuess: [',', ';', '\t'],
    // The header, the most rows a draw may have, and one more to know there are too many.
    preview: DRAW_MAX_ROWS + 2,
  })
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes')
  if (quoteError) throw refuse('DRAW_FILE_INVALID_CSV', { line: (quoteError.row ?? 0) + 1 })
  const [header = [], ...rows] = parsed.data
  if (rows.length > DRAW_MAX_ROWS) throw refuse('DRAW_FILE_TOO_MANY_ROWS', { max: DRAW_MAX_ROWS })
  const columns = checkColumns(
    header.map((name) => name.trim().toLowerCase()),
    'csv',
  )
  return rows.map((row) => {
    const cells: Partial<Record<DrawColumn, DrawCell>> = {}
    columns.forEach((column, index) => {
      const value = row[index]
      if (value !== undefined) cells[column] = unescapeSpreadsheetCell(value.trim())
    })
    return { cells, extraCells: Math.max(0, row.length - columns.length) }
  })
}

function readJson(text: string): DrawRecord[] {
  // Counted on the text before parsing, so nothing walks a deep structure (middleware/json-depth).
  if (exceedsJsonDepth(text, JSON_DRAW_DEPTH)) {
    throw refuse('DRAW_FILE_TOO_DEEP', { maxDepth: JSON_DRAW_DEPTH })
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw refuse('DRAW_FILE_INVALID_JSON')
  }
  if (!Array.isArray(value)) throw refuse('DRAW_FILE_NOT_ROWS')
  if (value.length > DRAW_MAX_ROWS) throw refuse('DRAW_FILE_TOO_MANY_ROWS', { max: DRAW_MAX_ROWS })
  const objects = value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw refuse('DRAW_FILE_NOT_ROWS')
    }
    return Object.entries(item).map(([key, cell]) => [key.trim().toLowerCase(), cell] as const)
  })
  const keys = [...new Set(objects.flatMap((entries) => entries.map(([key]) => key)))]
  checkColumns(keys, 'json')
  return objects.map((entries) => ({
    cells: Object.fromEntries(entries.map(([key, cell]) => [key, jsonCell(cell)])),
  }))
}

function jsonCell(value: unknown): DrawCell {
  if (value === null) return ''
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return { invalid: true }
}

const KNOWN_COLUMNS = new Set<string>(DRAW_COLUMNS)

/**
 * The header as columns; 400 DRAW_FILE_COLUMNS naming every unknown and repeated name, and for a
 * CSV every missing required one (a JSON object may leave a key out: its cell is then empty).
 */
function checkColumns(names: readonly string[], format: DrawFile['format']): DrawColumn[] {
  const unknown = names.filter((name) => !KNOWN_COLUMNS.has(name))
  const repeated = names.filter((name, index) => names.indexOf(name) !== index)
  const missing =
    format === 'csv' ? DRAW_REQUIRED_COLUMNS.filter((column) => !names.includes(column)) : []
  if (unknown.length > 0 || repeated.length > 0 || missing.length > 0) {
    throw refuse('DRAW_FILE_COLUMNS', {
      missing,
      unknown: unknown.map((name) => name.slice(0, 40)).slice(0, 20),
      repeated: [...new Set(repeated)],
    })
  }
  return names as DrawColumn[]
}
