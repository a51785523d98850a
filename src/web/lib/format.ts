// Every number and date the web shows goes through this module, so coins, counts, percentages
// and dates read the same way on every screen of a language (docs/decisions/072). ESLint forbids
// Intl formatters, toLocaleString and toFixed anywhere else in src/web.
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

export type DateFormatOptions = Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>

/**
 * Whole numbers: coins, counts, positions. Grouping is 'always' because Spanish (CLDR) leaves
 * four-digit numbers ungrouped by default, which printed "5245 monedas" beside "10.000 monedas".
 */
function numberFormat(language: string): Intl.NumberFormat {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0, useGrouping: 'always' })
}

/** Decimal figures such as a prize multiplier (0.7 → "0,7" in Spanish). */
function decimalFormat(language: string): Intl.NumberFormat {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: 'always' })
}

/** Percentages: the API sends them from 0 to 100 (77.97 → "77,97 %" / "77.97%"). */
function percentFormat(language: string, maximumFractionDigits: number): Intl.NumberFormat {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits,
    useGrouping: 'always',
  })
}

function dateFormat(language: string, { dateStyle, timeStyle }: DateFormatOptions) {
  return new Intl.DateTimeFormat(language, { dateStyle, timeStyle })
}

/** A whole number (coins, counts) in the given language: 5245 → "5.245" (es), "5,245" (en). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language).format(value)
}

/** A decimal figure in the given language: 0.75 → "0,75" (es), "0.75" (en). */
export function formatDecimal(value: number, language: string): string {
  return decimalFormat(language).format(value)
}

/** A percentage given from 0 to 100: 77.97 → "77,97 %" (es), "77.97%" (en). */
export function formatPercent(percent: number, language: string, maximumFractionDigits = 2) {
  return percentFormat(language, maximumFractionDigits).format(percent / 100)
}

/** A date (and time) in the given language, e.g. "12 mar 2026, 18:00". */
export function formatDate(value: Date | string, language: string, options: DateFormatOptions) {
  return dateFormat(language, options).format(typeof value === 'string' ? new Date(value) : value)
}

/**
 * A match's set scores, pair 1's games first, sets apart by a space: "6–4 3–6 10–8" (an en dash
 * between the games, as score lines are printed).
 */
export function formatSetScores(
  sets: readonly (readonly [number, number])[],
  language: string,
): string {
  const format = numberFormat(language)
  return sets.map(([a, b]) => `${format.format(a)}–${format.format(b)}`).join(' ')
}

/** formatSetScores in the language the interface is showing. */
export function useSetScoresFormat(): (sets: readonly (readonly [number, number])[]) => string {
  const language = useLanguage()
  return useMemo(() => (sets) => formatSetScores(sets, language), [language])
}

function useLanguage(): string {
  const { i18n } = useTranslation()
  return i18n.resolvedLanguage ?? i18n.language
}

/** The number format (coins, counts) of the language the interface is showing. */
export function useNumberFormat(): Intl.NumberFormat {
  const language = useLanguage()
  return useMemo(() => numberFormat(language), [language])
}

/** The decimal format (multipliers) of the language the interface is showing. */
export function useDecimalFormat(): Intl.NumberFormat {
  const language = useLanguage()
  return useMemo(() => decimalFormat(language), [language])
}

/**
 * The percent format of the language the interface is showing. Intl takes fractions (0.7797),
 * so callers holding a 0–100 percentage divide it by 100.
 */
export function usePercentFormat(maximumFractionDigits = 2): Intl.NumberFormat {
  const language = useLanguage()
  return useMemo(
    () => percentFormat(language, maximumFractionDigits),
    [language, maximumFractionDigits],
  )
}

/** The date format of the language the interface is showing (e.g. "12 de marzo de 2026"). */
export function useDateFormat(options: DateFormatOptions): Intl.DateTimeFormat {
  const language = useLanguage()
  const { dateStyle, timeStyle } = options
  return useMemo(
    () => dateFormat(language, { dateStyle, timeStyle }),
    [language, dateStyle, timeStyle],
  )
}

/**
 * The browser's time zone as the admin forms and lists name it: "Europe/Madrid (GMT+1)". Dates
 * are entered and shown in this zone, and a tournament run from another zone would otherwise be
 * off by hours without a word.
 */
export function timeZoneLabel(language: string, at: Date = new Date(), timeZone?: string): string {
  const zone = timeZone ?? deviceTimeZone()
  return `${zone} (${zoneOffset(language, at, zone)})`
}

/** The IANA zone this device is set to (Europe/Madrid), saved as the zone of a fan's mails. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** The zone's offset on that date ("GMT+1", "GMT+2" in summer). */
export function zoneOffset(language: string, at: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(language, {
    timeZoneName: 'shortOffset',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(at)
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
}

/** The calendar day of an instant in a zone as YYYY-MM-DD (en-CA writes dates that way). */
export function dayInZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

/** "18:00" or "6:00 PM": a time of day in the fan's language and zone. */
export function formatTimeOfDay(at: Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(at)
}

/** "sáb, 9 may" / "Sat, May 9": a day of a schedule in the fan's language and zone. */
export function formatShortDay(at: Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(at)
}
