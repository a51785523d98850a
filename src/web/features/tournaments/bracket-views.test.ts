import { describe, expect, it } from 'vitest'
import { bracketViewsOf, chosenBracketView } from './bracket-views'

describe('bracketViewsOf', () => {
  it.each([
    // hasPicks, status, hasPeople → views
    [false, 'upcoming', false, ['results']],
    [true, 'upcoming', false, ['picks']],
    [true, 'upcoming', true, ['picks', 'people']],
    [false, 'upcoming', true, ['results', 'people']],
    [true, 'active', true, ['picks', 'results', 'people']],
    [true, 'completed', false, ['picks', 'results']],
    [false, 'completed', true, ['results', 'people']],
    [false, 'cancelled', false, ['results']],
  ] as const)('picks %s, %s, people %s: %j', (hasPicks, status, hasPeople, views) => {
    expect(bracketViewsOf({ hasPicks, status, hasPeople })).toEqual(views)
  })
})

describe('chosenBracketView', () => {
  const all = ['picks', 'results', 'people'] as const

  it('opens on the first view on offer when nothing is asked', () => {
    expect(chosenBracketView(null, all)).toBe('picks')
    expect(chosenBracketView(null, ['results', 'people'])).toBe('results')
  })

  it('keeps a view asked for in the URL while it is on offer', () => {
    expect(chosenBracketView('people', all)).toBe('people')
    expect(chosenBracketView('results', all)).toBe('results')
  })

  it('falls back when the asked view is not there: no People before the deadline, no picks without a bet', () => {
    expect(chosenBracketView('people', ['picks'])).toBe('picks')
    expect(chosenBracketView('picks', ['results'])).toBe('results')
  })
})
