import { describe, expect, it } from 'vitest'
import { formatDate, formatDecimal, formatNumber, formatPercent, formatSetScores } from './format'

// Intl separates a percent sign with a no-break space in Spanish; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatNumber', () => {
  it('groups four-digit numbers in Spanish too, like five-digit ones', () => {
    expect(formatNumber(5245, 'es')).toBe('5.245')
    expect(formatNumber(10_000, 'es')).toBe('10.000')
    expect(formatNumber(5245, 'en')).toBe('5,245')
  })

  it('leaves small numbers and zero as they are, negatives with their sign', () => {
    expect(formatNumber(0, 'es')).toBe('0')
    expect(formatNumber(999, 'es')).toBe('999')
    expect(formatNumber(-1500, 'es')).toBe('-1.500')
  })
})

describe('formatPercent', () => {
  it('writes a 0–100 percentage with the language’s decimal comma and spacing', () => {
    expect(plain(formatPercent(77.97, 'es'))).toBe('77,97 %')
    expect(formatPercent(77.97, 'en')).toBe('77.97%')
  })

  it('rounds to the digits asked for', () => {
    expect(plain(formatPercent(66.666, 'es', 1))).toBe('66,7 %')
    expect(formatPercent(100, 'en', 1)).toBe('100%')
  })
})

describe('formatDecimal', () => {
  it('uses the decimal comma in Spanish', () => {
    expect(formatDecimal(0.7, 'es')).toBe('0,7')
    expect(formatDecimal(0.75, 'en')).toBe('0.75')
  })
})

describe('formatDate', () => {
  it('writes dates in the language given', () => {
    const day = new Date(Date.UTC(2026, 2, 12, 12))
    expect(formatDate(day, 'es', { dateStyle: 'long' })).toBe('12 de marzo de 2026')
    expect(formatDate(day.toISOString(), 'en', { dateStyle: 'long' })).toBe('March 12, 2026')
  })
})

describe('formatSetScores', () => {
  it('prints pair 1 first, an en dash between the games and a space between the sets', () => {
    const sets = [
      [6, 4],
      [3, 6],
      [10, 8],
    ] as const
    expect(formatSetScores(sets, 'en')).toBe('6–4 3–6 10–8')
    expect(formatSetScores(sets, 'es')).toBe('6–4 3–6 10–8')
    expect(formatSetScores([], 'en')).toBe('')
  })
})
