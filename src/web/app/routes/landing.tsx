import { useTranslation } from 'react-i18next'
import { PageMeta } from '../../components/page-meta'
import { FeatureGrid } from '../../features/landing/components/feature-grid'
import { FinalCta } from '../../features/landing/components/final-cta'
import { Hero } from '../../features/landing/components/hero'
import { HowItWorks } from '../../features/landing/components/how-it-works'
import { StatsStrip } from '../../features/landing/components/stats-strip'

export function LandingPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageMeta title={t('landing.meta.title')} description={t('landing.meta.description')} />
      <Hero />
      <FeatureGrid />
      <HowItWorks />
      <StatsStrip />
      <FinalCta />
    </>
  )
}
