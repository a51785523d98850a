import { describe, expect, it } from 'vitest'
import type { CardNode } from '#server/images/card-node'
import { buildCard, cardModelOf } from './share-card'

const DEADLINE = new Date('2026-05-12T16:00:00Z')

/** Every text a card's tree shows, in order. */
function textsOf(node: CardNode | string): string[] {
  if (typeof node === 'string') return [node]
  const children = node.props.children
  if (children === undefined) return []
  if (typeof children === 'string' || !Array.isArray(children)) return textsOf(children)
  return children.flatMap((child) => textsOf(child))
}

const source = (phase: 'entered' | 'bracket' | 'cancelled') => ({
  phase,
  username: 'ana',
  tournamentName: 'Madrid P1',
  deadline: DEADLINE,
  timeZone: 'Europe/Madrid',
})

describe('the share card', () => {
  it('before the deadline: the pool and when entries close, in the sharer’s language and zone', () => {
    const spanish = textsOf(buildCard(cardModelOf(source('entered'), null, 'es', 12_500)))
    expect(spanish).toContain('Bote: 12.500 monedas  ·  Cierre: 12 may, 18:00 CEST')
    const english = textsOf(buildCard(cardModelOf(source('entered'), null, 'en', 5000)))
    expect(english).toContain('Prize pool: 5,000 coins  ·  Closes 12 May, 18:00 CEST')
    // Without a zone of the sharer's: UTC, named.
    const utc = cardModelOf({ ...source('entered'), timeZone: null }, null, 'en', 5000)
    expect(utc.closes).toBe('12 May, 16:00 UTC')
  })

  it('after the deadline the pool alone; a cancelled tournament neither', () => {
    const bracket = {
      picks: [],
      pairs: [],
      champion: null,
      mvp: null,
      correct: 3,
      total: 16,
      maxPossible: 12,
    }
    const after = textsOf(buildCard(cardModelOf(source('bracket'), bracket, 'es', 5035)))
    expect(after).toContain('Bote: 5.035 monedas')
    expect(after.join(' ')).not.toContain('Cierre')
    const cancelled = textsOf(buildCard(cardModelOf(source('cancelled'), null, 'es', 0)))
    expect(cancelled.join(' ')).not.toMatch(/Bote|Cierre/)
  })
})
