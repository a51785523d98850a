import { describe, expect, it } from 'vitest'
import { formatSignedAmount, isDescriptionInformative } from './transaction-format'

describe('formatSignedAmount', () => {
  const en = new Intl.NumberFormat('en')
  const es = new Intl.NumberFormat('es')

  it('puts + before credits and a real minus before debits', () => {
    expect(formatSignedAmount(1000, en)).toBe('+1,000')
    expect(formatSignedAmount(-50, en)).toBe('\u221250')
    expect(formatSignedAmount(-12500, es)).toBe('\u221212.500')
  })

  it('shows 0 (a bet_lost row) without a sign', () => {
    expect(formatSignedAmount(0, en)).toBe('0')
  })
})

describe('isDescriptionInformative', () => {
  it('drops a description that only repeats the type', () => {
    expect(isDescriptionInformative('welcome_bonus', 'Welcome bonus')).toBe(false)
    expect(isDescriptionInformative('deposit', '  ')).toBe(false)
  })

  it('keeps one that names something, such as the tournament', () => {
    expect(isDescriptionInformative('bet_placed', 'Entry fee: Madrid Open')).toBe(true)
  })
})
