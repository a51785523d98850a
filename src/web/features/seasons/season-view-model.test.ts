import { describe, expect, it } from 'vitest'
import type { MySeason, MySeasonTournament } from '#shared/schemas/season'
import {
  bestTournamentOf,
  defaultSeasonId,
  ordinalOf,
  pageCount,
  pageFromSearch,
  pageOfRank,
  playedCount,
  seasonCardOf,
  seasonCardVersion,
} from './season-view-model'

function counted(step: number, rankAfter: number | null, played = true): MySeasonTournament {
  return {
    tournamentId: `t${step}`,
    name: `Open ${step}`,
    step,
    played,
    points: played ? 10 + step : 0,
    correct: played ? 8 : null,
    secondChanceCorrect: null,
    tier: null,
    coinsWon: 0,
    rankAfter,
    fansAfter: 100,
  }
}

describe('ordinalOf', () => {
  it('writes English places with their suffix, teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map((rank) => ordinalOf(rank, 'en'))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ])
  })

  it('writes Spanish places with the ordinal mark and groups thousands', () => {
    expect(ordinalOf(12, 'es')).toBe('12.º')
    expect(ordinalOf(3410, 'en')).toBe('3,410th')
  })
})

describe('pages', () => {
  it('reads ?page= and falls back to the first page', () => {
    expect(pageFromSearch('3')).toBe(3)
    expect(pageFromSearch(null)).toBe(1)
    expect(pageFromSearch('0')).toBe(1)
    expect(pageFromSearch('2.5')).toBe(1)
    expect(pageFromSearch('abc')).toBe(1)
  })

  it('counts pages and finds the page of a rank', () => {
    expect(pageCount(0, 25)).toBe(1)
    expect(pageCount(51, 25)).toBe(3)
    expect(pageOfRank(25, 25)).toBe(1)
    expect(pageOfRank(26, 25)).toBe(2)
  })
})

describe('defaultSeasonId', () => {
  const season = (id: string) => ({
    id,
    name: id,
    startsOn: '2026-01-01',
    endsOn: '2026-12-31',
    tournaments: 0,
    counted: 0,
    fans: 0,
    isCurrent: false,
    isOver: false,
  })

  it('takes the current season, else the latest, else none', () => {
    expect(defaultSeasonId({ seasons: [season('a'), season('b')], currentId: 'b' })).toBe('b')
    expect(defaultSeasonId({ seasons: [season('a'), season('b')], currentId: null })).toBe('a')
    expect(defaultSeasonId({ seasons: [], currentId: null })).toBeNull()
    expect(defaultSeasonId(undefined)).toBeNull()
  })
})

describe('my season figures', () => {
  it('finds the best tournament and counts the ones played', () => {
    const tournaments = [counted(1, 4), counted(2, null, false), counted(3, 2)]
    const season = { tournaments, bestTournamentId: 't3' } as MySeason
    expect(bestTournamentOf(season)?.name).toBe('Open 3')
    expect(playedCount(season)).toBe(2)
    expect(bestTournamentOf({ ...season, bestTournamentId: null })).toBeNull()
  })
})

describe('the season card', () => {
  it("is the fan's figures, and its image address changes with them and with the recap", () => {
    const tournaments = [counted(1, 4), counted(2, null, false), counted(3, 2)]
    const season = {
      season: { id: 's', name: 'Premier', endsOn: '2026-12-31' },
      me: { rank: 2, username: 'ana', points: 24, tournaments: 2, coinsWon: 30, isMe: true },
      fans: 9,
      tournaments,
      correct: 16,
      bestTournamentId: 't3',
      shareId: 'share',
      isRecap: false,
    } as MySeason
    const card = seasonCardOf(season)!
    expect(card).toMatchObject({ played: 2, counted: 3, bestTournament: 'Open 3' })
    expect(card.line).toEqual([
      { name: 'Open 1', rank: 4 },
      { name: 'Open 3', rank: 2 },
    ])
    const recap = seasonCardOf({ ...season, isRecap: true })!
    expect(seasonCardVersion(recap)).not.toBe(seasonCardVersion(card))
    expect(seasonCardOf({ ...season, me: null, shareId: null })).toBeNull()
  })
})
