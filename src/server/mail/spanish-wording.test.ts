// A free coin game must not read as regulated betting (docs/product.md §1, "Words"): Spanish says
// "pronóstico", "cuadro", "participar", never "apostar" or "apuesta". This holds every Spanish text
// a fan can meet to it: the web's locale file, and every server source file, where the copy of
// the mails and notifications lives beside its English (which never contains the stems).
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const GAMBLING = /apost|apuest/i

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
  })

  it('no mail, notification or other server copy speaks of betting', () => {
    const files = sourceFiles(join(root, 'src/server'))
    expect(files.some((file) => file.endsWith('reminder-mail.ts'))).toBe(true)
    const offending = files
      .filter((file) => GAMBLING.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
    expect(offending).toEqual([])
  })
})
