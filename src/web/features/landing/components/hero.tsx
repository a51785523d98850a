import { ArrowRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ButtonLink } from '#web/components/ui/button'
import { CourtIllustration } from './court-illustration'

export function Hero() {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="hero-title"
      className="on-hero overflow-hidden bg-linear-to-br from-hero to-hero-deep text-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-ball-300">
            {t('landing.hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-court-100">{t('landing.hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
            <ButtonLink to="/register" variant="accent" size="lg">
              {t('landing.hero.cta')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            <p className="text-sm text-court-100">
              {t('landing.hero.signInPrompt')}{' '}
              <Link to="/login" className="font-semibold text-white underline underline-offset-4">
                {t('landing.hero.signIn')}
              </Link>
            </p>
          </div>
          <p className="mt-6 text-sm text-court-200">{t('landing.hero.note')}</p>
        </div>
        <CourtIllustration className="mx-auto max-w-md lg:max-w-none" />
      </div>
    </section>
  )
}
