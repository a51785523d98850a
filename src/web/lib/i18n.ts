import i18n from 'i18next'
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'
import { formatNumber } from './format'

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]
/** Spanish is both the default and the fallback language (docs/product.md "Who it is for"). */
export const DEFAULT_LANGUAGE: Language = 'es'
/** localStorage key holding the visitor's choice. */
export const LANGUAGE_STORAGE_KEY = 'language'
export const LOCALES_LOAD_PATH = '/locales/{{lng}}/translation.json'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

/** The stored choice; null when there is none or storage is blocked. */
function storedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(stored) ? stored : null
  } catch {
    return null
  }
}

/**
 * A shared bracket's link carries its sharer's language (/share/:id?lang=es): a reader who has
 * chosen none reads the page in it, as its preview was drawn (docs/decisions/165). Not stored.
 */
export function linkLanguage(location: Pick<Location, 'pathname' | 'search'>): Language | null {
  if (!location.pathname.startsWith('/share/')) return null
  const asked = new URLSearchParams(location.search).get('lang')
  return isLanguage(asked) ? asked : null
}

/** The language a visit starts in: the reader's choice, else the shared link's, else Spanish. */
export function initialLanguage(): Language {
  return storedLanguage() ?? linkLanguage(window.location) ?? DEFAULT_LANGUAGE
}

function syncDocumentLanguage(language: string): void {
  const current = isLanguage(language) ? language : DEFAULT_LANGUAGE
  document.documentElement.lang = current
  // The app installs with its name and shortcuts in the language in use (docs/product.md "The app on a phone: push notifications, installing, offline").
  document
    .querySelector('link[rel="manifest"]')
    ?.setAttribute('href', `/manifest.${current}.webmanifest`)
}

/** Starts i18next; the translation files are fetched from public/locales with retries. */
export function initI18n(): Promise<unknown> {
  const language = initialLanguage()
  syncDocumentLanguage(language)
  i18n.on('languageChanged', syncDocumentLanguage)
  const ready = i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      // Spec §9: up to 5 retries, waiting 350 ms and doubling, at most 10 parallel reads.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: LOCALES_LOAD_PATH, reloadInterval: false },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
  // `{{count, number}}` in the translation files formats like every other number on screen.
  i18n.services.formatter?.add('number', (value: number, language?: string) =>
    formatNumber(value, language ?? currentLanguage()),
  )
  return ready
}

/** Switches the interface language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language)
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage blocked (private mode): the switch still applies to this visit.
  }
}

/** The language the interface is showing now. */
export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage
  return isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE
}
