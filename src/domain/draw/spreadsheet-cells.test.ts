import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeSpreadsheetCell, unescapeSpreadsheetCell } from './spreadsheet-cells'

describe('spreadsheet cells', () => {
  it('escape what a spreadsheet would run, and only that', () => {
    expect(escapeSpreadsheetCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0")
    expect(escapeSpreadsheetCell('+34 600')).toBe("'+34 600")
    expect(escapeSpreadsheetCell('-1')).toBe("'-1")
    expect(escapeSpreadsheetCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(escapeSpreadsheetCell("'=already")).toBe("''=already")
    expect(escapeSpreadsheetCell('Agustín Tapia')).toBe('Agustín Tapia')
    expect(escapeSpreadsheetCell("O'Brien")).toBe("O'Brien")
    expect(escapeSpreadsheetCell("'quoted")).toBe("'quoted")
  })

  it('read back every value they wrote', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', 'a', ' ', '\t') }),
        (value) => {
          expect(unescapeSpreadsheetCell(escapeSpreadsheetCell(value))).toBe(value)
        },
      ),
    )
  })
})
