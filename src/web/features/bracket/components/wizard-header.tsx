import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { stepPercentIn, type WizardStep } from '#domain/wizard/wizard'

interface WizardHeaderProps {
  step: WizardStep
  /** The bracket's steps: five for the main bracket, four for the second chance. */
  steps: readonly WizardStep[]
  made: number
  total: number
  title: string
}

/**
 * The wizard's title and "step n of 5" on one line, then the step's progress bar: short, so the
 * first pick shows on a phone's first screen. The picks made are counted in the bottom bar; here
 * only from a tablet's width up (and for screen readers).
 */
export const WizardHeader = memo(function WizardHeader({
  step,
  steps,
  made,
  total,
  title,
}: WizardHeaderProps) {
  const { t } = useTranslation()
  const percent = stepPercentIn(steps, step)
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="wizard-title" tabIndex={-1} className="text-xl font-bold text-fg sm:text-2xl">
          {title}
        </h2>
        <p className="flex gap-3 text-sm text-muted">
          <span data-testid="wizard-step-count" aria-live="polite">
            {t('bracket.step_of', { step: steps.indexOf(step) + 1, total: steps.length })}
          </span>
          <span data-testid="wizard-progress" className="sr-only sm:not-sr-only">
            {t('bracket.progress', { made, total })}
          </span>
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={t('bracket.step_progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-1.5 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-brand-solid transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
})
