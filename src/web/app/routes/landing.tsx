import { useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { PageMeta } from '#web/components/page-meta'
import { FeatureGrid } from '#web/features/landing/components/feature-grid'
import { FinalCta } from '#web/features/landing/components/final-cta'
import { Hero } from '#web/features/landing/components/hero'
import { HowItWorks } from '#web/features/landing/components/how-it-works'
import { StatsStrip } from '#web/features/landing/components/stats-strip'
import { cn } from '#web/lib/cn'

export function LandingPage() {
  const { t } = useTranslation()
  // The hero is the first paint (and the LCP); the sections below it render just after, so a slow
  // phone does not build the whole page before it shows the top (bench/README.md § web).
  const showBelowFold = useDeferredValue(true, false)
  return (
    <>
      <PageMeta title={t('landing.meta.title')} description={t('landing.meta.description')} />
      <Hero />
      {/* Until the sections are rendered, a screen's height is kept free below the hero so that
          the footer starts off screen and moves nobody's view when they arrive (CLS). */}
      <div className={cn(!showBelowFold && 'min-h-screen')}>
        {showBelowFold && (
          <>
            <FeatureGrid />
            <HowItWorks />
            <StatsStrip />
            <FinalCta />
          </>
        )}
      </div>
    </>
  )
}
