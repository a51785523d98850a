import { Dices, Star } from 'lucide-react'
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { QuickFillMode } from '#domain/wizard/quick-fill'
import { Button } from '#web/components/ui/button'

interface QuickFillBarProps {
  onFill: (mode: QuickFillMode) => void
}

/**
 * Fill every pick at once (docs/product.md §20): from the rankings or at random; the fan then
 * changes what they like. A polite live region says what was filled.
 */
export const QuickFillBar = memo(function QuickFillBar({ onFill }: QuickFillBarProps) {
  const { t } = useTranslation()
  const [filled, setFilled] = useState<QuickFillMode | null>(null)
  const fill = (mode: QuickFillMode) => {
    onFill(mode)
    setFilled(mode)
  }
  return (
    <div
      role="group"
      aria-labelledby="quick-fill-label"
      data-testid="quick-fill"
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span id="quick-fill-label" className="text-sm font-semibold text-fg">
          {t('bracket.quick_fill.label')}
        </span>
        <Button
          variant="secondary"
          size="sm"
          data-testid="quick-fill-favourites"
          onClick={() => fill('favourites')}
        >
          <Star aria-hidden="true" className="size-4" />
          {t('bracket.quick_fill.favourites')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          data-testid="quick-fill-random"
          onClick={() => fill('random')}
        >
          <Dices aria-hidden="true" className="size-4" />
          {t('bracket.quick_fill.random')}
        </Button>
      </div>
      <p aria-live="polite" data-testid="quick-fill-status" className="text-xs text-muted">
        {filled === null ? t('bracket.quick_fill.hint') : t(`bracket.quick_fill.done_${filled}`)}
      </p>
    </div>
  )
})
