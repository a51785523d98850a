import { ChevronDown, Info } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { QuickFillMode } from '#domain/wizard/quick-fill'
import { useNumberFormat } from '#web/lib/format'
import { QuickFillBar } from './quick-fill-bar'

/**
 * How a prediction works and the quick fill, behind one disclosure under the picks: on a phone
 * the picks come first, and a fan who knows the game never scrolls past the help.
 */
export const WizardHelp = memo(function WizardHelp({
  entryFee,
  onFill,
}: {
  entryFee: number
  onFill: (mode: QuickFillMode) => void
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <details data-testid="wizard-help" className="group rounded-xl bg-surface-2">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold text-fg [&::-webkit-details-marker]:hidden">
        <Info aria-hidden="true" className="size-4 shrink-0 text-brand" />
        <span className="flex-1">{t('bracket.help')}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <div className="flex flex-col gap-3 px-3 pb-3">
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          <li>{t('tournament_detail.rules.fee', { fee: number.format(entryFee) })}</li>
          <li>{t('tournament_detail.rules.rounds')}</li>
          <li>{t('tournament_detail.rules.mvp')}</li>
          <li>{t('tournament_detail.rules.prizes')}</li>
        </ul>
        <QuickFillBar onFill={onFill} />
      </div>
    </details>
  )
})
