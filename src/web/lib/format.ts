import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE } from './i18n'

/** Formats whole numbers (coins, counts) for the language the interface is showing. */
export function useNumberFormat(): Intl.NumberFormat {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE
  return useMemo(() => new Intl.NumberFormat(language, { maximumFractionDigits: 0 }), [language])
}
