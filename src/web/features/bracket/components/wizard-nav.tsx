import { ArrowLeft, ArrowRight } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { nextStepIn, previousStepIn, type WizardStep } from '#domain/wizard/wizard'
import { Button } from '#web/components/ui/button'

interface WizardNavProps {
  step: WizardStep
  steps: readonly WizardStep[]
  canGoNext: boolean
  isComplete: boolean
  onGo: (step: WizardStep) => void
  onReview: () => void
}

/** Previous, then Next on a round (once it is fully picked) or Review on the MVP step. */
export const WizardNav = memo(function WizardNav({
  step,
  steps,
  canGoNext,
  isComplete,
  onGo,
  onReview,
}: WizardNavProps) {
  const { t } = useTranslation()
  const go = (target: WizardStep | null) => {
    if (target) onGo(target)
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Button
        variant="secondary"
        disabled={previousStepIn(steps, step) === null}
        onClick={() => go(previousStepIn(steps, step))}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('bracket.previous')}
      </Button>
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
