// A free coin game must not read as regulated betting (docs/product.md "Who it is for", "Words"): Spanish says
// "pronóstico", "cuadro", "participar", never "apostar", "apuesta" or "predicción". This holds every
// Spanish text a fan can meet to it: the web's locale file and its Spanish page and app metadata,
// and every server source file, where the copy of the mails, push texts and share images lives
// beside its English (which never contains the stems: "prediction" is spelt with a t).
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const GAMBLING = /apost|apuest|predicci/i
// English left in Spanish copy: a Spanish pick is a "pronóstico" ("7 pronósticos + MVP").
const ENGLISH_PICKS = /\bpicks?\b/i
// A line of Spanish copy in a server file: it has a letter or sign English copy never has.
const SPANISH_LINE = /[áéíóúñ¿¡]/i

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function spanishTexts(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]]
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    spanishTexts(value, prefix ? `${prefix}.${key}` : key),
  )
}

describe('Spanish wording', () => {
  it('the locale file never speaks of betting', () => {
    const locale = JSON.parse(
      readFileSync(join(root, 'public/locales/es/translation.json'), 'utf8'),
    ) as unknown
    const texts = spanishTexts(locale)
    expect(texts.length).toBeGreaterThan(500)
    expect(texts.filter(([, text]) => GAMBLING.test(text))).toEqual([])
    expect(texts.filter(([, text]) => ENGLISH_PICKS.test(text))).toEqual([])
  })

  it('the page and the installed app never speak of betting in Spanish', () => {
    for (const file of ['index.html', 'public/manifest.es.webmanifest']) {
      expect(readFileSync(join(root, file), 'utf8')).not.toMatch(GAMBLING)
    }
  })

  it('no mail, notification or other server copy speaks of betting', () => {
    const files = sourceFiles(join(root, 'src/server'))
    for (const known of ['reminder-mail.ts', 'push-copy.ts', 'share-card.ts']) {
      expect(files.some((file) => file.endsWith(known))).toBe(true)
    }
    const offending = files
      .filter((file) => GAMBLING.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
    expect(offending).toEqual([])
  })

  it('no Spanish server copy leaves "picks" in English', () => {
    const lines = sourceFiles(join(root, 'src/server')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ at: `${relative(root, file)}:${index + 1}`, line })),
    )
    const spanish = lines.filter(({ line }) => SPANISH_LINE.test(line))
    expect(spanish.length).toBeGreaterThan(50)
    // Words only: an interpolated value (`${pick}`) is not copy.
    const offending = spanish.filter(({ line }) =>
      ENGLISH_PICKS.test(line.replace(/\$\{[^}]*\}/g, '')),
    )
    expect(offending.map(({ at }) => at)).toEqual([])
  })
})
