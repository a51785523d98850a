// The standings cache: one load per key however many ask at once, the least used entry out
// first, entries gone after their time, a failed load not kept, and a new build a new key.
import { describe, expect, it } from 'vitest'
import { buildKey, createStandingsCache } from './standings-cache'

describe('standings cache', () => {
  it('loads a key once for concurrent and later readers', async () => {
    const cache = createStandingsCache()
    let loads = 0
    const load = async () => ++loads
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1])
    expect(await cache.get('a', load)).toBe(1)
    expect(loads).toBe(1)
  })

  it('drops the least recently used entry past its size, and entries past their time', async () => {
    let clock = 0
    const cache = createStandingsCache({ maxEntries: 2, ttlMs: 100, now: () => clock })
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('a', async () => 'a2') // a is used again: b is now the oldest
    await cache.get('c', async () => 'c1')
    expect(cache.size).toBe(2)
    expect(await cache.get('b', async () => 'b2')).toBe('b2')
    clock = 1_000
    expect(await cache.get('b', async () => 'b3')).toBe('b3')
  })

  it('keeps no failed load', async () => {
    const cache = createStandingsCache()
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('a', async () => 'up')).toBe('up')
  })

  it('gives each build and scope keys of their own', () => {
    const id = '00000000-0000-0000-0000-000000000001'
    const first = buildKey(id, new Date(1_000))
    expect(buildKey(id, new Date(2_000))).not.toBe(first)
    expect(buildKey(id, new Date(1_000), 'league:x')).not.toBe(first)
  })
})
