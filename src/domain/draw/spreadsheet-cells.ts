// Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with =, +, -,
// @, a tab or a carriage return. A name such as "=cmd|' /C calc'!A0" is stored as the text it
// is, and an export writes it with a leading apostrophe, which spreadsheets read as "text";
// an import takes that apostrophe off again, so an exported draw re-imports to the same names.

const FORMULA_START = /^[=+\-@\t\r]/
/** A value an export escaped: apostrophes in front of a formula start. */
const ESCAPED = /^'+[=+\-@\t\r]/

/** The cell to write for `value`: with one more apostrophe when a spreadsheet would run it. */
export function escapeSpreadsheetCell(value: string): string {
  return FORMULA_START.test(value) || ESCAPED.test(value) ? `'${value}` : value
}

/** The value an exported cell stands for (the inverse of escapeSpreadsheetCell). */
export function unescapeSpreadsheetCell(cell: string): string {
  return ESCAPED.test(cell) ? cell.slice(1) : cell
}
