// Draws a card: its element tree → SVG (satori, with Inter from @fontsource/inter, a dependency
// of the app, read once per thread) → PNG (resvg). CPU-bound for tens to hundreds of
// milliseconds: the server runs it in its drawing workers (card-drawer.ts), never on the thread
// that answers requests.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Resvg } from '@resvg/resvg-js'
import satori, { type Font } from 'satori'
import type { CardDrawing } from './card-node'

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

export async function renderCardPng({ tree, width, height }: CardDrawing): Promise<Buffer> {
  // satori takes React elements; the card is the same shape built without React.
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: loadFonts(),
  })
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng()
}
