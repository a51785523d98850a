import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE } from './i18n'

/** Formats whole numbers (coins, counts) for the language the interface is showing. */
export function useNumberFormat(): Intl.NumberFormat {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE
  return useMemo(() => new Intl.NumberFormat(language, { maximumFractionDigits: 0 }), [language])
}

/** Formats dates for the language the interface is showing (e.g. "12 de marzo de 2026"). */
export function useDateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE
  const { dateStyle, timeStyle } = options
  return useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle, timeStyle }),
    [language, dateStyle, timeStyle],
  )
}
