import { ChevronDown, Info } from 'lucide-react'
import { memo, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { PopularPicks, QuickFillMode } from '#domain/wizard/quick-fill'
import type { Contest } from '#shared/schemas/contest'
import { ApiError, errorKey } from '#web/lib/api-client'
import { useNumberFormat } from '#web/lib/format'
import { usePopularPicks } from '../api/popular-picks'
import { QuickFillBar, type QuickFillScope } from './quick-fill-bar'

interface WizardHelpProps {
  tournamentId: string
  contest: Contest
  entryFee: number
  onFill: (mode: QuickFillMode, scope: QuickFillScope, popular: PopularPicks | null) => void
  canUndoFill: boolean
  onUndoFill: () => void
}

/**
 * How a prediction works and the quick fill, behind one disclosure under the picks: on a phone
 * the picks come first, and a fan who knows the game never scrolls past the help. The popular
 * picks are asked for here, not in the wizard, which renders on every pick.
 */
export const WizardHelp = memo(function WizardHelp({
  tournamentId,
  contest,
  entryFee,
  onFill,
  canUndoFill,
  onUndoFill,
}: WizardHelpProps) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const { popular, popularUnavailable } = usePopularRule(tournamentId, contest)
  const fill = (mode: QuickFillMode, scope: QuickFillScope) => onFill(mode, scope, popular)
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
        <QuickFillBar
          onFill={fill}
          popularUnavailable={popularUnavailable}
          canUndo={canUndoFill}
          onUndo={onUndoFill}
        />
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          <li>{t('tournament_detail.rules.fee', { fee: number.format(entryFee) })}</li>
          <li>{t('tournament_detail.rules.rounds')}</li>
          <li>{t('tournament_detail.rules.mvp')}</li>
          <li>{t('tournament_detail.rules.prizes')}</li>
        </ul>
      </div>
    </details>
  )
})

/**
 * The popular picks of the main bracket for the popular rule, or why there are none: fewer than
 * 50 brackets (the server's reason, translated), still loading, or not for this contest.
 */
function usePopularRule(tournamentId: string, contest: Contest) {
  const { t } = useTranslation()
  const query = usePopularPicks(tournamentId, contest === 'main')
  const popular = useMemo<PopularPicks | null>(
    () =>
      query.data
        ? {
            picks: Object.fromEntries(query.data.picks.map((p) => [p.matchId, p.winnerTeamId])),
            mvpPlayerId: query.data.mvpPlayerId,
          }
        : null,
    [query.data],
  )
  const popularUnavailable =
    contest !== 'main'
      ? t('bracket.quick_fill.popular_unavailable')
      : query.isPending
        ? t('bracket.quick_fill.popular_loading')
        : query.error
          ? query.error instanceof ApiError && query.error.status === 404
            ? t(errorKey(query.error))
            : t('bracket.quick_fill.popular_unavailable')
          : null
  return { popular, popularUnavailable }
}
