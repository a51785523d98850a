// What a standings read keeps in memory, per process (docs/decisions/093): a build's pages and
// fans' own rows, keyed by the build (tournament + the moment it was built), so a new build makes
// new keys and the old entries age out. After a result every open standings page refetches at
// once (the live `standings` event): the first read of a page queries, the rest are a lookup.
// Entries also expire after TTL_MS, which bounds how long a renamed fan keeps the old name.

const DEFAULT_MAX_ENTRIES = 20_000
const DEFAULT_TTL_MS = 60_000

export interface StandingsCache {
  /** The value under `key`, or `load()`'s (kept; a failed load is not). Concurrent misses share one. */
  get<Value>(key: string, load: () => Promise<Value>): Promise<Value>
  readonly size: number
}

export function createStandingsCache({
  maxEntries = DEFAULT_MAX_ENTRIES,
  ttlMs = DEFAULT_TTL_MS,
  now = Date.now,
}: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}): StandingsCache {
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least used.
  const entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>()
  return {
    get<Value>(key: string, load: () => Promise<Value>): Promise<Value> {
      const entry = entries.get(key)
      entries.delete(key)
      if (entry && entry.expiresAt > now()) {
        entries.set(key, entry)
        return entry.value as Promise<Value>
      }
      const value = load()
      entries.set(key, { value, expiresAt: now() + ttlMs })
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
      return value
    },
    get size() {
      return entries.size
    },
  }
}

/**
 * The key of what one build of one tournament's standings holds. `scope` names a narrower
 * ranking of the same build (a league, a contest), so each has keys of its own.
 */
export function buildKey(tournamentId: string, builtAt: Date, scope = ''): string {
  return `${tournamentId}|${builtAt.getTime()}|${scope}`
}
