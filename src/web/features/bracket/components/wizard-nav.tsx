import { ArrowLeft, ArrowRight } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { nextStepIn, previousStepIn, type WizardStep } from '#domain/wizard/wizard'
import { Button } from '#web/components/ui/button'
import { useNumberFormat } from '#web/lib/format'

interface WizardNavProps {
  step: WizardStep
  steps: readonly WizardStep[]
  canGoNext: boolean
  isComplete: boolean
  made: number
  total: number
  onGo: (step: WizardStep) => void
  onReview: () => void
}

/**
 * The bar under the picks, held at the bottom of the screen while the wizard is in view: Previous,
 * the picks made ("12 / 16"), then Next on a round (once it is fully picked) or Review on the MVP
 * step. On a phone a round is taller than the screen; the way on never scrolls away.
 */
export const WizardNav = memo(function WizardNav({
  step,
  steps,
  canGoNext,
  isComplete,
  made,
  total,
  onGo,
  onReview,
}: WizardNavProps) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const go = (target: WizardStep | null) => {
    if (target) onGo(target)
  }
  return (
    <div
      data-testid="wizard-bar"
      className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-2 border-t border-line bg-surface/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-6 sm:px-6"
    >
      <Button
        variant="secondary"
        disabled={previousStepIn(steps, step) === null}
        onClick={() => go(previousStepIn(steps, step))}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {/* An arrow alone on a phone, where three things share the bar; the name stays. */}
        <span className="sr-only sm:not-sr-only">{t('bracket.previous')}</span>
      </Button>
      {/* The header's count says it to screen readers. */}
      <span
        aria-hidden="true"
        data-testid="wizard-bar-count"
        className="text-sm font-semibold whitespace-nowrap text-muted tabular-nums"
      >
        {number.format(made)} / {number.format(total)}
      </span>
      {step === 'mvp' ? (
        <Button variant="accent" disabled={!isComplete} onClick={onReview}>
          {t('bracket.review')}
        </Button>
      ) : (
        <Button variant="primary" disabled={!canGoNext} onClick={() => go(nextStepIn(steps, step))}>
          {t('bracket.next')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Button>
      )}
    </div>
  )
})
