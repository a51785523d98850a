import { ArrowRight, Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '#web/components/ui/button'

/**
 * The first-run nudge of a fan who has never bet: what a prediction is, that it also puts them
 * on the leaderboard, and a link to the soonest tournament open for predictions.
 */
export function FirstPredictionNudge({ to }: { to: string }) {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="first-prediction-title"
      data-testid="first-prediction"
      className="flex flex-col gap-4 rounded-2xl border border-brand bg-court-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6 dark:bg-court-950"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-solid text-on-brand">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="first-prediction-title" className="text-lg font-bold text-fg">
            {t('standing.first_prediction.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('standing.first_prediction.body')}</p>
        </div>
      </div>
      <ButtonLink to={to} variant="accent" className="w-full shrink-0 sm:w-auto">
        {t('standing.first_prediction.action')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </ButtonLink>
    </section>
  )
}
