// Share images drawn on the server (docs/decisions/104): the card's element tree → SVG (satori,
// with Inter from @fontsource/inter, a dependency of the app, read once) → PNG (resvg). Drawing
// takes a few hundred milliseconds of CPU, so each PNG is kept in a bounded LRU keyed by the
// share id, the language, the names and the tournament's results state (share.service.ts): a
// result makes a new key, and the old entry ages out.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Resvg } from '@resvg/resvg-js'
import satori, { type Font } from 'satori'
import { buildCard, CARD_HEIGHT, CARD_WIDTH, type CardModel } from './share-card'

// Latin covers Spanish and English; latin-ext the accented names of the rest of Europe.
const FONT_FILES: readonly { file: string; weight: 400 | 700 }[] = [
  { file: 'inter-latin-400-normal.woff', weight: 400 },
  { file: 'inter-latin-700-normal.woff', weight: 700 },
  { file: 'inter-latin-ext-400-normal.woff', weight: 400 },
  { file: 'inter-latin-ext-700-normal.woff', weight: 700 },
]

let fonts: Font[] | undefined

/** Inter's .woff files (satori reads .woff, not .woff2) from node_modules, read on first use. */
function loadFonts(): Font[] {
  if (fonts) return fonts
  const require = createRequire(import.meta.url)
  fonts = FONT_FILES.map(({ file, weight }) => ({
    name: 'Inter',
    data: readFileSync(require.resolve(`@fontsource/inter/files/${file}`)),
    weight,
    style: 'normal' as const,
  }))
  return fonts
}

export async function drawShareCard(model: CardModel): Promise<Buffer> {
  // satori takes React elements; the card is the same shape built without React.
  const svg = await satori(buildCard(model) as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
  })
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng()
}

export interface ShareImage {
  png: Buffer
  etag: string
}

export interface ShareImageCache {
  /**
   * The PNG kept under `key`, or drawn now from the model `load` makes (and kept). The key must
   * change whenever the card would: the route builds it from the share id and what it shows.
   */
  get(key: string, load: () => Promise<CardModel>): Promise<ShareImage>
  readonly size: number
  /** How many cards were drawn (not served from the cache): tests and the benchmark read it. */
  readonly draws: number
}

// Bump when the layout changes, so cached images and browsers' ETags are replaced.
export const CARD_LAYOUT_VERSION = '1'

/** A short digest for cache keys and ETags. */
export function digestOf(...parts: string[]): string {
  const hash = createHash('sha256').update(CARD_LAYOUT_VERSION)
  for (const part of parts) hash.update('\u0000').update(part)
  return hash.digest('base64url').slice(0, 22)
}

export function createShareImageCache({
  maxEntries = 500,
  draw = drawShareCard,
}: { maxEntries?: number; draw?: (model: CardModel) => Promise<Buffer> } = {}) {
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least used.
  const entries = new Map<string, Promise<ShareImage>>()
  let draws = 0

  const cache: ShareImageCache = {
    async get(key, load) {
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      draws += 1
      // The promise is kept, so requests that arrive while it is drawn share the one drawing.
      const drawing = load()
        .then(draw)
        .then((png) => ({ png, etag: `"${digestOf(key)}"` }))
      entries.set(key, drawing)
      drawing.catch(() => entries.delete(key))
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
  }
  return cache
}
