import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  balanceAfter,
  canAfford,
  isAmountValidForType,
  isCredit,
  isDebit,
  isTransactionType,
  signedAmount,
  signForType,
  transactionCategory,
  TRANSACTION_TYPES,
} from './transactions'

describe('transaction types', () => {
  it('lists the ledger types, with the three of the league pots', () => {
    expect(TRANSACTION_TYPES).toEqual([
      'deposit',
      'welcome_bonus',
      'bet_placed',
      'bet_won',
      'bet_lost',
      'bet_refund',
      'withdrawal',
      'league_stake',
      'league_pot_win',
      'league_stake_refund',
    ])
    expect(isTransactionType('bet_refund')).toBe(true)
    expect(isTransactionType('refund')).toBe(false)
  })

  it('signs credits +1, debits −1 and bet_lost 0', () => {
    expect(Object.fromEntries(TRANSACTION_TYPES.map((t) => [t, signForType(t)]))).toEqual({
      deposit: 1,
      welcome_bonus: 1,
      bet_placed: -1,
      bet_won: 1,
      bet_lost: 0,
      bet_refund: 1,
      withdrawal: -1,
      league_stake: -1,
      league_pot_win: 1,
      league_stake_refund: 1,
    })
  })

  it('classifies credits and debits', () => {
    expect(TRANSACTION_TYPES.filter(isCredit)).toEqual([
      'deposit',
      'welcome_bonus',
      'bet_won',
      'bet_refund',
      'league_pot_win',
      'league_stake_refund',
    ])
    expect(TRANSACTION_TYPES.filter(isDebit)).toEqual(['bet_placed', 'withdrawal', 'league_stake'])
    expect(isCredit('bet_lost') || isDebit('bet_lost')).toBe(false)
  })

  it('maps each type to its display category', () => {
    expect(Object.fromEntries(TRANSACTION_TYPES.map((t) => [t, transactionCategory(t)]))).toEqual({
      deposit: 'credit',
      welcome_bonus: 'credit',
      bet_placed: 'debit',
      bet_won: 'credit',
      bet_lost: 'neutral',
      bet_refund: 'refund',
      withdrawal: 'debit',
      league_stake: 'debit',
      league_pot_win: 'credit',
      league_stake_refund: 'refund',
    })
  })
})

describe('amounts', () => {
  it('signs a magnitude by type', () => {
    expect(signedAmount('bet_placed', 50)).toBe(-50)
    expect(signedAmount('bet_won', 120)).toBe(120)
    expect(signedAmount('bet_refund', 50)).toBe(50)
    expect(signedAmount('bet_lost', 50)).toBe(0)
    expect(Object.is(signedAmount('withdrawal', 0), 0)).toBe(true)
    expect(() => signedAmount('deposit', -5)).toThrow(RangeError)
    expect(() => signedAmount('deposit', 1.5)).toThrow(RangeError)
  })

  it('checks that an amount fits its type', () => {
    expect(isAmountValidForType('deposit', 100)).toBe(true)
    expect(isAmountValidForType('deposit', 0)).toBe(false)
    expect(isAmountValidForType('deposit', -100)).toBe(false)
    expect(isAmountValidForType('bet_placed', -50)).toBe(true)
    expect(isAmountValidForType('bet_placed', 50)).toBe(false)
    expect(isAmountValidForType('bet_lost', 0)).toBe(true)
    expect(isAmountValidForType('bet_lost', -50)).toBe(false)
    expect(isAmountValidForType('bet_won', 0)).toBe(true)
    expect(isAmountValidForType('bet_refund', 0)).toBe(false)
    expect(isAmountValidForType('deposit', 1.5)).toBe(false)
  })

  it('signedAmount always fits its type (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSACTION_TYPES),
        fc.integer({ min: 1, max: 1e12 }),
        (type, magnitude) => {
          expect(isAmountValidForType(type, signedAmount(type, magnitude))).toBe(true)
        },
      ),
    )
  })
})

describe('balances', () => {
  it('never goes below zero', () => {
    expect(balanceAfter(100, -50)).toBe(50)
    expect(balanceAfter(50, -50)).toBe(0)
    expect(balanceAfter(49, -50)).toBeNull()
    expect(balanceAfter(0, 1000)).toBe(1000)
    expect(() => balanceAfter(-1, 10)).toThrow(RangeError)
    expect(() => balanceAfter(10, 0.5)).toThrow(RangeError)
  })

  it('can afford a fee up to the balance', () => {
    expect(canAfford(50, 50)).toBe(true)
    expect(canAfford(49, 50)).toBe(false)
    expect(canAfford(0, 0)).toBe(true)
    expect(() => canAfford(100, -1)).toThrow(RangeError)
  })
})
