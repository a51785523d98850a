import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { BackButton } from '#web/components/back-link'
import { EmptyState } from '#web/components/ui/empty-state'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { useBetHistory } from '../api/bet-history'
import { LoadError, LoadingBlock } from './admin-ui'

/**
 * A bracket's versions, oldest first (docs/product.md "Changing a bracket and quick fill"): when each was saved and what it
 * changed from the one before. Shown inside the user's transactions dialog.
 */
export function BetHistoryView({ betId, onBack }: { betId: string; onBack: () => void }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'medium' })
  const query = useBetHistory(betId)

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.versions.length === 0) {
    body = <EmptyState icon={History}>{t('admin.betHistory.empty')}</EmptyState>
  } else {
    body = (
      <ol className="max-h-[55vh] divide-y divide-line overflow-y-auto" data-testid="bet-history">
        {query.data.versions.map((version) => (
          <li key={version.version} data-testid="bet-version" className="py-3 text-sm">
            <p className="font-semibold text-fg">
              {t('admin.betHistory.version', { version: number.format(version.version) })}
              {' · '}
              <time dateTime={version.createdAt}>
                {dateTime.format(new Date(version.createdAt))}
              </time>
            </p>
            {version.version === 1 ? (
              <p className="text-muted">{t('admin.betHistory.placed')}</p>
            ) : (
              <p className="text-muted">
                {t('admin.betHistory.changedPicks', { count: version.changes.length })}
              </p>
            )}
            {version.changes.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-fg">
                {version.changes.map((change) => (
                  <li key={change.matchId}>
                    {change.round
                      ? t('admin.betHistory.match', {
                          round: t(`bracket.rounds.${change.round}`),
                          number: change.matchNumber ?? '',
                        })
                      : change.matchId}
                    {': '}
                    {change.from ?? '—'} → {change.to ?? '—'}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-1 text-muted">
              {t('admin.betHistory.mvp', { name: version.mvpPlayerName ?? '—' })}
              {version.mvpChanged && ` (${t('admin.betHistory.changed')})`}
              {' · '}
              {t('admin.betHistory.tiebreaker', {
                games:
                  version.finalTotalGames === null ? '—' : number.format(version.finalTotalGames),
              })}
              {version.finalTotalGamesChanged && ` (${t('admin.betHistory.changed')})`}
            </p>
          </li>
        ))}
      </ol>
    )
  }

  return (
    <div className="flex flex-col gap-3">
      <BackButton className="self-start" onClick={onBack} testId="bet-history-back">
        {t('admin.betHistory.back')}
      </BackButton>
      <h3 className="text-base font-bold text-fg">
        {query.data
          ? t('admin.betHistory.title', { tournament: query.data.tournamentName })
          : t('admin.betHistory.loadingTitle')}
      </h3>
      {body}
    </div>
  )
}
