import { Dices, ListChecks, Star, Undo2, Users, Wand2 } from 'lucide-react'
import { memo, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QUICK_FILL_MODES, type QuickFillMode } from '#domain/wizard/quick-fill'
import { Button } from '#web/components/ui/button'
import { cn } from '#web/lib/cn'

/** Fill every pick, or finish the bracket: keep the picks made and fill the rest. */
export type QuickFillScope = 'all' | 'finish'

interface QuickFillBarProps {
  onFill: (mode: QuickFillMode, scope: QuickFillScope) => void
  /** Why the popular rule cannot be chosen (fewer than 50 brackets, loading), or null. */
  popularUnavailable: string | null
  /** A fill can be undone: the picks from before it are kept. */
  canUndo: boolean
  onUndo: () => void
}

const ICONS = { favourites: Star, random: Dices, popular: Users } as const

type StatusKey =
  `bracket.quick_fill.${'done' | 'finished'}_${QuickFillMode}` | 'bracket.quick_fill.undone'

/**
 * Quick fill (docs/product.md "Changing a bracket and quick fill"): a rule (favourites, random, popular) and what to fill (every
 * pick, or only the rest: finish my bracket); the fan then changes what they like, or undoes the
 * fill. A polite live region says what was filled.
 */
export const QuickFillBar = memo(function QuickFillBar({
  onFill,
  popularUnavailable,
  canUndo,
  onUndo,
}: QuickFillBarProps) {
  const { t } = useTranslation()
  const name = useId()
  const reasonId = useId()
  const [rule, setRule] = useState<QuickFillMode>('favourites')
  const [status, setStatus] = useState<StatusKey | null>(null)
  // The popular rule chosen, then gone (a tournament that fell back under the minimum).
  const chosen = rule === 'popular' && popularUnavailable !== null ? 'favourites' : rule
  const fill = (scope: QuickFillScope) => {
    onFill(chosen, scope)
    setStatus(`bracket.quick_fill.${scope === 'all' ? 'done' : 'finished'}_${chosen}`)
  }
  const undo = () => {
    onUndo()
    setStatus('bracket.quick_fill.undone')
  }
  return (
    <div
      role="group"
      aria-labelledby={`${name}-label`}
      data-testid="quick-fill"
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3"
    >
      <p id={`${name}-label`} className="flex items-center gap-2 text-sm font-semibold text-fg">
        <Wand2 aria-hidden="true" className="size-4 text-brand" />
        {t('bracket.quick_fill.label')}
      </p>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-xs font-semibold text-muted">
          {t('bracket.quick_fill.rule')}
        </legend>
        <div className="flex flex-wrap gap-2">
          {QUICK_FILL_MODES.map((mode) => {
            const Icon = ICONS[mode]
            const isDisabled = mode === 'popular' && popularUnavailable !== null
            return (
              <label
                key={mode}
                className={cn(
                  'inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-3 text-sm font-semibold text-fg',
                  'has-checked:border-brand has-checked:bg-surface-2 has-focus-visible:ring-2 has-focus-visible:ring-focus',
                  isDisabled
                    ? 'cursor-not-allowed opacity-60'
                    : 'cursor-pointer hover:bg-surface-2',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={mode}
                  checked={chosen === mode}
                  disabled={isDisabled}
                  aria-describedby={isDisabled ? reasonId : undefined}
                  onChange={() => setRule(mode)}
                  data-testid={`quick-fill-${mode}`}
                  className="size-4 accent-brand-solid"
                />
                <Icon aria-hidden="true" className="size-4" />
                {t(`bracket.quick_fill.${mode}`)}
              </label>
            )
          })}
        </div>
        {popularUnavailable !== null && (
          <p id={reasonId} data-testid="quick-fill-popular-reason" className="text-xs text-muted">
            {popularUnavailable}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="md"
          data-testid="quick-fill-all"
          onClick={() => fill('all')}
        >
          <Wand2 aria-hidden="true" className="size-4" />
          {t('bracket.quick_fill.fill_all')}
        </Button>
        <Button
          variant="secondary"
          size="md"
          data-testid="quick-fill-finish"
          onClick={() => fill('finish')}
        >
          <ListChecks aria-hidden="true" className="size-4" />
          {t('bracket.quick_fill.finish')}
        </Button>
      </div>
      <div className="flex flex-col items-start gap-1">
        <p aria-live="polite" data-testid="quick-fill-status" className="text-xs text-muted">
          {t(status ?? 'bracket.quick_fill.hint')}
        </p>
        {canUndo && (
          <Button variant="ghost" size="sm" data-testid="quick-fill-undo" onClick={undo}>
            <Undo2 aria-hidden="true" className="size-4" />
            {t('bracket.quick_fill.undo')}
          </Button>
        )}
      </div>
    </div>
  )
})
