import { describe, expect, it } from 'vitest'
import type { Pair } from '#shared/schemas/tournament'
import { pairName, pairShortName } from './pair-names'

function player(name: string, shortName: string) {
  return { id: name, name, shortName, country: 'AR', ranking: 1 }
}

const pair: Pair = {
  id: 'pair',
  seed: 1,
  ranking: 1,
  wins: 0,
  losses: 0,
  winRate: null,
  titles: 0,
  player1: player('Martín Di Nenno', 'Di Nenno'),
  player2: player('Juan Martín Díaz', 'Díaz'),
}

describe('pair names', () => {
  it('reads the full names out', () => {
    expect(pairName(pair)).toBe('Martín Di Nenno / Juan Martín Díaz')
  })

  it('uses each player’s short name, compound surnames whole', () => {
    expect(pairShortName(pair)).toBe('Di Nenno / Díaz')
  })

  it('is empty without a pair', () => {
    expect(pairShortName(undefined)).toBe('')
  })
})
