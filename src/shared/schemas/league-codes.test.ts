// The short code's alphabet, and what a fan may type for it (docs/decisions/173).
import { describe, expect, it } from 'vitest'
import {
  formatJoinCode,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  normalizeJoinCode,
} from './league-codes'

describe('the short code alphabet', () => {
  it('has 30 different characters and none that reads as another', () => {
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(30)
    expect(JOIN_CODE_ALPHABET).toBe(JOIN_CODE_ALPHABET.toUpperCase())
    for (const lookalike of '01ILOU') expect(JOIN_CODE_ALPHABET).not.toContain(lookalike)
    expect(JOIN_CODE_LENGTH).toBe(8)
  })
})

describe('normalizeJoinCode', () => {
  it('takes any case, spaces, hyphens, dashes and full-width letters', () => {
    for (const typed of [
      'K7QM4XTR',
      'k7qm4xtr',
      'K7QM-4XTR',
      ' k7qm 4xtr ',
      'K7QM\u2013 4XTR',
      'K 7 Q M - 4 X T R',
      'K7QM\u00a04XTR',
      '\uff2b7QM4XTR',
    ]) {
      expect(normalizeJoinCode(typed), typed).toBe('K7QM4XTR')
    }
  })

  it('refuses look-alikes, other characters and other lengths', () => {
    for (const typed of [
      '',
      'K7QM-4XT',
      'K7QM-4XTRR',
      'K7QM-4XT0',
      'K7QM-4XTO',
      'K7QM-4XT1',
      'K7QM-4XTI',
      'K7QM-4XTL',
      'K7QM-4XTU',
      'K7QM_4XTR',
      'K7QM/4XTR',
      'K7QMÑ4XT',
      'https://x/leagues/join/K7QM4XTR',
    ]) {
      expect(normalizeJoinCode(typed), typed).toBeNull()
    }
  })
})

describe('formatJoinCode', () => {
  it('shows two groups of four, which read back as the same code', () => {
    expect(formatJoinCode('K7QM4XTR')).toBe('K7QM-4XTR')
    expect(normalizeJoinCode(formatJoinCode('K7QM4XTR'))).toBe('K7QM4XTR')
  })
})
