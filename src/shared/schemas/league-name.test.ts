// The league name rules the forms check before sending (the server applies the same schema).
import { describe, expect, it } from 'vitest'
import { isReservedLeagueName, leagueNameProblem } from './league'

describe('leagueNameProblem', () => {
  it('accepts names in any script, with emoji and punctuation', () => {
    for (const name of [
      'Padel pals',
      'Ελληνική λίγκα',
      'パデル仲間',
      'Padel 🎾 pals!',
      '  Trimmed  ',
    ]) {
      expect(leagueNameProblem(name), name).toBeNull()
    }
  })

  it('refuses invisible, control, private-use and unassigned characters and lone surrogates', () => {
    for (const name of [
      'Padel\u200bPals',
      'Padel \u202eslaP',
      'Padel\u0000Pals',
      'Padel\nPals',
      'Padel \ue000',
      'Padel \u0378',
      'Padel \ud800',
      'Padel \udfff',
    ]) {
      expect(leagueNameProblem(name), JSON.stringify(name)).toBe('characters')
    }
  })

  it('counts the length after NFC and trimming', () => {
    expect(leagueNameProblem('  ab  ')).toBe('length')
    expect(leagueNameProblem('x'.repeat(41))).toBe('length')
    // 40 letters once composed, 80 code units decomposed.
    expect(leagueNameProblem('e\u0301'.repeat(40))).toBeNull()
  })
})

describe('isReservedLeagueName', () => {
  it("is the product's name whatever the case, accents, spacing or punctuation", () => {
    for (const name of [
      'Golden Point',
      'golden point',
      'GOLDEN-POINT',
      'Gōlden  Point',
      'GoldenPoint',
      'Ｇｏｌｄｅｎ Ｐｏｉｎｔ',
    ]) {
      expect(isReservedLeagueName(name), name).toBe(true)
    }
    for (const name of ['Golden Pointers', 'Golden', 'The Golden Point club']) {
      expect(isReservedLeagueName(name), name).toBe(false)
    }
  })
})
