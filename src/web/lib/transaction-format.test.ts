import { readFileSync } from 'node:fs'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import {
  describeTransaction,
  formatSignedAmount,
  isDescriptionInformative,
} from './transaction-format'

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

describe('describeTransaction', () => {
  const translations = (language: string) =>
    JSON.parse(
      readFileSync(
        new URL(`../../../public/locales/${language}/translation.json`, import.meta.url),
        'utf8',
      ),
    ) as Record<string, unknown>
  const i18n = i18next.createInstance()
  void i18n.init({
    initAsync: false,
    lng: 'es',
    resources: { es: { translation: translations('es') }, en: { translation: translations('en') } },
    interpolation: { escapeValue: false },
  })
  const es = i18n.getFixedT('es')
  const en = i18n.getFixedT('en')
  const row = (overrides: Partial<Parameters<typeof describeTransaction>[0]>) => ({
    type: 'bet_placed' as const,
    description: 'Entry fee: Madrid Golden Open',
    tournamentName: 'Madrid Golden Open',
    tier: null,
    ...overrides,
  })

  it('writes bet rows in the reader’s language from type, tournament and tier', () => {
    expect(describeTransaction(row({}), es)).toBe('Inscripción: Madrid Golden Open')
    expect(describeTransaction(row({}), en)).toBe('Entry fee: Madrid Golden Open')
    const prize = row({ type: 'bet_won', tier: 'tier_90', description: 'Prize (tier_90): x' })
    expect(describeTransaction(prize, es)).toBe('Premio (Casi perfecta): Madrid Golden Open')
    expect(describeTransaction(prize, en)).toBe('Prize (Near perfect): Madrid Golden Open')
    expect(describeTransaction(row({ type: 'bet_refund' }), es)).toBe(
      'Reembolso: se canceló Madrid Golden Open',
    )
    expect(describeTransaction(row({ type: 'bet_lost' }), es)).toBe(
      'Sin premio: Madrid Golden Open',
    )
  })

  it('leaves out a welcome bonus’s text and shows an adjustment’s reason as the admin wrote it', () => {
    const bonus = row({ type: 'welcome_bonus', description: 'Welcome bonus', tournamentName: null })
    expect(describeTransaction(bonus, es)).toBeNull()
    const deposit = row({ type: 'deposit', description: 'Premio del sorteo', tournamentName: null })
    expect(describeTransaction(deposit, es)).toBe('Premio del sorteo')
  })

  it('writes the top-up, an adjustment and a league pot row in the reader’s language', () => {
    const topUp = row({
      type: 'deposit',
      description: 'Daily top-up',
      tournamentName: null,
      source: 'top_up',
    })
    expect(describeTransaction(topUp, es)).toBe('Recarga diaria')
    expect(describeTransaction(topUp, en)).toBe('Daily top-up')
    // The fan's history carries no admin's reason: the row says who moved the coins.
    const added = row({
      type: 'deposit',
      description: '',
      tournamentName: null,
      source: 'adjustment',
    })
    expect(describeTransaction(added, es)).toBe('Monedas añadidas por el equipo de Golden Point')
    const removed = { ...added, type: 'withdrawal' as const }
    expect(describeTransaction(removed, en)).toBe('Coins removed by the Golden Point team')
    const pot = row({
      type: 'league_pot_win',
      description: 'League pot won: Amigos (Madrid Golden Open)',
      source: 'league_pot',
      leagueName: 'Amigos',
    })
    expect(describeTransaction(pot, es)).toBe('Bote de liga ganado: Amigos (Madrid Golden Open)')
  })
})
