import { describe, expect, it } from 'vitest'
import { checkAdjustment } from './wallet-adjustment'

describe('checkAdjustment', () => {
  it('accepts a whole amount above 0 with a reason', () => {
    expect(checkAdjustment('25', 'Prize correction')).toEqual([])
    expect(checkAdjustment(' 7 ', ' x ')).toEqual([])
  })

  it.each(['', '0', '-5', '2.5', '1e3', 'abc', '99999999999999999999'])(
    'refuses the amount %j',
    (amount) => {
      expect(checkAdjustment(amount, 'reason')).toEqual(['amount'])
    },
  )

  it('requires a reason', () => {
    expect(checkAdjustment('10', '   ')).toEqual(['reason'])
    expect(checkAdjustment('', '')).toEqual(['amount', 'reason'])
  })
})
