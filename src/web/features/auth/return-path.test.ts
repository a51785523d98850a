import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  forgetReturnPath,
  readReturnPath,
  rememberReturnPath,
  RETURN_PATH_MAX_AGE_MS,
  RETURN_PATH_STORAGE_KEY,
} from './return-path'

class MemoryStorage {
  private readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

describe('the return path kept across the confirmation e-mail', () => {
  beforeEach(() => {
    ;(globalThis as { window?: unknown }).window = { localStorage: new MemoryStorage() }
  })
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window
  })

  it('brings a fan back to the invite they signed up from', () => {
    rememberReturnPath({ from: '/leagues/join/abc123' }, 1000)
    expect(readReturnPath(2000)).toBe('/leagues/join/abc123')
    forgetReturnPath()
    expect(readReturnPath(2000)).toBeNull()
  })

  it('a sign-up without a destination clears an older one', () => {
    rememberReturnPath({ from: '/leagues/join/old' }, 1000)
    rememberReturnPath(null, 2000)
    expect(readReturnPath(3000)).toBeNull()
  })

  it('never keeps a path that leaves the site or bounces back to a guest page', () => {
    for (const from of ['https://evil.example/', '//evil.example', '/login', '/register']) {
      rememberReturnPath({ from }, 1000)
      expect(readReturnPath(2000), from).toBeNull()
    }
  })

  it('ignores a stale, tampered or unreadable entry', () => {
    rememberReturnPath({ from: '/leagues/join/abc' }, 1000)
    expect(readReturnPath(1000 + RETURN_PATH_MAX_AGE_MS + 1)).toBeNull()
    const storage = (window as unknown as { localStorage: MemoryStorage }).localStorage
    storage.setItem(RETURN_PATH_STORAGE_KEY, JSON.stringify({ path: '//evil', at: 1000 }))
    expect(readReturnPath(2000)).toBeNull()
    storage.setItem(RETURN_PATH_STORAGE_KEY, '{not json')
    expect(readReturnPath(2000)).toBeNull()
  })

  it('a blocked storage is no error', () => {
    ;(globalThis as { window?: unknown }).window = {
      get localStorage(): never {
        throw new Error('blocked')
      },
    }
    expect(() => rememberReturnPath({ from: '/leagues/join/x' })).not.toThrow()
    expect(readReturnPath()).toBeNull()
    expect(() => forgetReturnPath()).not.toThrow()
  })
})
