import { Crown, Hash, Medal, Trophy, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PlayerSummary } from '#shared/schemas/tournament'
import { useNumberFormat } from '#web/lib/format'
import { pairName, type PairsById } from '#web/lib/pair-names'

export interface BracketSummary {
  readonly championId: string | null
  readonly runnerUpId: string | null
  readonly mvpPlayerId: string | null
  /** The tiebreaker: the final's total games. */
  readonly finalTotalGames: number | null
}

interface ReviewSummaryProps {
  summary: BracketSummary
  pairs: PairsById
  players: ReadonlyMap<string, PlayerSummary>
}

/** What the fan is about to pay for: the final's two pairs, the MVP and the tiebreaker. */
export function ReviewSummary({ summary, pairs, players }: ReviewSummaryProps) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const rows: [
    key: 'champion' | 'runner_up' | 'mvp' | 'tiebreaker',
    icon: LucideIcon,
    value: string,
  ][] = [
    ['champion', Trophy, pairName(pairs.get(summary.championId ?? ''))],
    ['runner_up', Medal, pairName(pairs.get(summary.runnerUpId ?? ''))],
    ['mvp', Crown, players.get(summary.mvpPlayerId ?? '')?.name ?? ''],
    [
      'tiebreaker',
      Hash,
      summary.finalTotalGames === null ? '' : number.format(summary.finalTotalGames),
    ],
  ]
  return (
    <dl data-testid="review-summary" className="flex flex-col gap-2 text-sm">
      {rows.map(([key, Icon, value]) => (
        <div key={key} className="rounded-xl bg-surface-2 px-3 py-2">
          <dt className="flex items-center gap-2 text-xs text-muted">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-coin" />
            {t(`wizard.review.${key}`)}
          </dt>
          <dd data-testid={`review-${key}`} className="mt-0.5 pl-6 font-semibold text-fg">
            {value || t('bracket.tbd')}
          </dd>
        </div>
      ))}
    </dl>
  )
}
