import { describe, expect, it } from 'vitest'
import type { CardModel } from './share-card'
import { createShareImageCache } from './share-image'

const model: CardModel = {
  lang: 'es',
  phase: 'entered',
  username: 'fan',
  tournamentName: 'Open',
  champion: null,
  correct: null,
  total: null,
  maxPossible: null,
}

function countingCache(maxEntries: number) {
  const drawn: string[] = []
  const cache = createShareImageCache({
    maxEntries,
    draw: async (card) => {
      drawn.push(card.username)
      return Buffer.from(card.username)
    },
  })
  const get = (key: string) => cache.get(key, async () => ({ ...model, username: key }))
  return { cache, drawn, get }
}

describe('the share image cache', () => {
  it('draws a key once, however many ask at the same time', async () => {
    const { cache, drawn, get } = countingCache(10)
    const images = await Promise.all([get('a'), get('a'), get('a')])
    expect(drawn).toEqual(['a'])
    expect(cache.draws).toBe(1)
    expect(images[0]!.png.toString()).toBe('a')
    expect(new Set(images.map((image) => image.etag)).size).toBe(1)
    expect((await get('b')).etag).not.toBe(images[0]!.etag)
  })

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache, drawn, get } = countingCache(2)
    await get('a')
    await get('b')
    await get('a') // a is now the most recent
    await get('c') // evicts b
    expect(cache.size).toBe(2)
    await get('a')
    await get('b')
    expect(drawn).toEqual(['a', 'b', 'c', 'b'])
  })

  it('keeps no failed drawing', async () => {
    let fail = true
    const cache = createShareImageCache({
      draw: async () => {
        if (fail) throw new Error('no fonts')
        return Buffer.from('png')
      },
    })
    await expect(cache.get('k', async () => model)).rejects.toThrow('no fonts')
    fail = false
    expect((await cache.get('k', async () => model)).png.toString()).toBe('png')
    expect(cache.draws).toBe(2)
  })
})
