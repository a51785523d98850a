import { ArrowRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '#web/components/ui/button'

export function FinalCta() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="final-cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="on-hero mx-auto max-w-6xl rounded-3xl bg-linear-to-br from-hero to-hero-deep px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <h2
          id="final-cta-title"
          className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl"
        >
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-court-100">{t('landing.cta.body')}</p>
        <ButtonLink to="/register" variant="accent" size="lg" className="mt-8">
          {t('landing.cta.button')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
      </div>
    </section>
  )
}
