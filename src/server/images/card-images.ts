// Drawn cards kept per process (docs/decisions/104): a bounded LRU of PNGs keyed by what the
// caller says the card shows, in front of the drawing pool (card-drawer.ts). A key that is kept
// costs nothing but the lookup; requests that arrive while a card is drawn share the one drawing;
// only a drawing counts against the client's share of the pool.
import { createHash } from 'node:crypto'
import type { CardDrawing } from './card-node'
import type { CardDrawer } from './card-drawer'

export interface CardImage {
  png: Buffer
  etag: string
}

export interface CardImages {
  /**
   * The PNG kept under `key`, or drawn now from what `load` makes (and kept). The key must change
   * whenever the card would. `address` is the client asking (the drawing counts for it).
   */
  get(
    key: string,
    load: () => Promise<CardDrawing>,
    options: { address: string },
  ): Promise<CardImage>
  readonly size: number
  /** How many cards were drawn (not served from the cache): tests and the benchmark read it. */
  readonly draws: number
  /** Ends the drawing pool (server shutdown). */
  close(): Promise<void>
}

export function createCardImages({
  drawer,
  maxEntries = 500,
}: {
  drawer: Pick<CardDrawer, 'draw' | 'close'>
  maxEntries?: number
}): CardImages {
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least used.
  const entries = new Map<string, Promise<CardImage>>()
  let draws = 0

  return {
    get(key, load, { address }) {
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      draws += 1
      // The promise is kept, so requests that arrive while it is drawn share the one drawing.
      const drawing = load()
        .then((card) => drawer.draw(card, { address }))
        .then((png) => ({ png, etag: `"${etagOf(key)}"` }))
      entries.set(key, drawing)
      drawing.catch(() => {
        if (entries.get(key) === drawing) entries.delete(key)
      })
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        entries.delete(oldest)
      }
      return drawing
    },
    get size() {
      return entries.size
    },
    get draws() {
      return draws
    },
    close: () => drawer.close(),
  }
}

function etagOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22)
}
