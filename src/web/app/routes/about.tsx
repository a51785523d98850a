import { useTranslation } from 'react-i18next'
import { PageMeta } from '#web/components/page-meta'
import { FeatureGrid } from '#web/features/landing/components/feature-grid'
import { HowItWorks } from '#web/features/landing/components/how-it-works'

/** /about: how the game works and what it offers, for visitors and signed-in fans alike. */
export function AboutPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageMeta title={t('about.title')} description={t('about.description')} />
      <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 sm:pt-14">
        <h1 className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
          {t('about.title')}
        </h1>
        <p className="mt-2 text-base text-muted">{t('about.description')}</p>
      </div>
      <HowItWorks />
      <FeatureGrid />
    </>
  )
}
