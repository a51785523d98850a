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

/** The wizard's title, "step n of 5", the picks made so far, and the step's progress bar. */
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
    <div className="flex flex-col gap-3">
      <h2 id="wizard-title" tabIndex={-1} className="text-2xl font-bold text-fg">
        {title}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <span data-testid="wizard-step-count" aria-live="polite">
          {t('bracket.step_of', { step: steps.indexOf(step) + 1, total: steps.length })}
        </span>
        <span data-testid="wizard-progress">{t('bracket.progress', { made, total })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('bracket.step_progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-brand-solid transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
})
