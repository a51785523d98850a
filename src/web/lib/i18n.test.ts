import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES, ERROR_REASONS } from '#shared/errors'
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, isLanguage, linkLanguage } from './i18n'
import { CLIENT_ERROR_CODES } from './api-client'

type Tree = { [key: string]: string | Tree }

function readTranslation(language: string): Tree {
  const url = new URL(`../../../public/locales/${language}/translation.json`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8')) as Tree
}

/** Flattens nested keys to dotted paths: { a: { b: 'x' } } → { 'a.b': 'x' }. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') entries.set(path, value)
    else for (const [child, text] of flatten(value, path)) entries.set(child, text)
  }
  return entries
}

const interpolations = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]).sort()

const files = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [language, flatten(readTranslation(language))]),
)
const en = files.en ?? new Map<string, string>()
const es = files.es ?? new Map<string, string>()

describe('translation files', () => {
  it('exist for every supported language, with Spanish as the default', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'es'])
    expect(DEFAULT_LANGUAGE).toBe('es')
    expect(en.size).toBeGreaterThan(0)
  })

  it('have identical key sets in English and Spanish', () => {
    const missingInEs = [...en.keys()].filter((key) => !es.has(key))
    const missingInEn = [...es.keys()].filter((key) => !en.has(key))
    expect({ missingInEs, missingInEn }).toEqual({ missingInEs: [], missingInEn: [] })
  })

  it('have no empty texts', () => {
    for (const [language, entries] of Object.entries(files)) {
      const empty = [...entries].filter(([, text]) => text.trim() === '').map(([key]) => key)
      expect(empty, language).toEqual([])
    }
  })

  it('use the same interpolation variables in both languages', () => {
    for (const [key, text] of en) {
      expect(interpolations(es.get(key) ?? ''), key).toEqual(interpolations(text))
    }
  })

  it('leave number formatting to the code: no percent sign glued to a value', () => {
    // "{{accuracy}}%" printed "77.97%" in Spanish too; the value comes formatted instead.
    for (const [language, entries] of Object.entries(files)) {
      const glued = [...entries].filter(([, text]) => /}}\s*%/.test(text)).map(([key]) => key)
      expect(glued, language).toEqual([])
    }
  })

  it('translate every reason the API gives for a refusal', () => {
    for (const reason of ERROR_REASONS) {
      expect(en.has(`errors.reasons.${reason}`), `en errors.reasons.${reason}`).toBe(true)
      expect(es.has(`errors.reasons.${reason}`), `es errors.reasons.${reason}`).toBe(true)
    }
  })

  it('translate every API error code and client-side error code', () => {
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      expect(en.has(`errors.${code}`), `en errors.${code}`).toBe(true)
      expect(es.has(`errors.${code}`), `es errors.${code}`).toBe(true)
    }
  })
})

describe('isLanguage', () => {
  it('accepts only the supported codes', () => {
    expect(isLanguage('en')).toBe(true)
    expect(isLanguage('es')).toBe(true)
    expect(isLanguage('fr')).toBe(false)
    expect(isLanguage(null)).toBe(false)
  })
})

describe('a shared link’s language', () => {
  it('is read from ?lang= on a share page only', () => {
    expect(linkLanguage({ pathname: '/share/abc', search: '?lang=en' })).toBe('en')
    expect(linkLanguage({ pathname: '/share/abc', search: '?v=1&lang=es' })).toBe('es')
    expect(linkLanguage({ pathname: '/share/abc', search: '?lang=fr' })).toBeNull()
    expect(linkLanguage({ pathname: '/share/abc', search: '' })).toBeNull()
    expect(linkLanguage({ pathname: '/tournaments', search: '?lang=en' })).toBeNull()
  })
})
