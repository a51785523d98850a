import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

interface PageMetaProps {
  /** The page name; the product name is appended: "Page name | Golden Point". */
  title: string
  description: string
}

const SITE_NAME = 'Golden Point'
const OG_LOCALES = { en: 'en_GB', es: 'es_ES' } as const

/** Updates the one tag of its kind, creating it if index.html lacks it (never duplicates). */
function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  element.content = content
}

/**
 * Sets the document title, description and social-share tags for the current page. It edits the
 * tags index.html ships with instead of rendering new ones, so there is exactly one of each.
 */
export function PageMeta({ title, description }: PageMetaProps) {
  const { i18n } = useTranslation()
  const fullTitle = `${title} | ${SITE_NAME}`
  const locale = i18n.resolvedLanguage === 'en' ? OG_LOCALES.en : OG_LOCALES.es

  useEffect(() => {
    document.title = fullTitle
    setMeta('name', 'description', description)
    setMeta('property', 'og:title', fullTitle)
    setMeta('property', 'og:description', description)
    setMeta('property', 'og:type', 'website')
    setMeta('property', 'og:site_name', SITE_NAME)
    setMeta('property', 'og:locale', locale)
    setMeta('name', 'twitter:card', 'summary')
    setMeta('name', 'twitter:title', fullTitle)
    setMeta('name', 'twitter:description', description)
  }, [fullTitle, description, locale])

  return null
}
