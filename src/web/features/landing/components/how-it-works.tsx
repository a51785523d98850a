import { useTranslation } from 'react-i18next'

const STEPS = ['register', 'predict', 'win'] as const

export function HowItWorks() {
  const { t } = useTranslation()
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="border-y border-line bg-surface py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2
            id="how-it-works-title"
            className="text-3xl font-extrabold tracking-tight sm:text-4xl"
          >
            {t('landing.howItWorks.title')}
          </h2>
          <p className="mt-3 text-lg text-muted">{t('landing.howItWorks.subtitle')}</p>
        </div>
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="relative flex gap-4 md:flex-col">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-solid text-lg font-extrabold text-on-brand"
              >
                {index + 1}
              </span>
              <div>
                <p className="text-sm font-semibold tracking-wide text-brand uppercase">
                  {t('landing.howItWorks.step', { number: index + 1 })}
                </p>
                <h3 className="mt-1 text-xl font-bold">{t(`landing.howItWorks.${step}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">
                  {t(`landing.howItWorks.${step}.body`)}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
