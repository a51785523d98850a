import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AdminTournament, DrawImportResult } from '#shared/schemas/admin'
import { Alert } from '#web/components/ui/alert'
import { useAdminMatches } from '../api/matches'
import { LoadError, LoadingBlock } from './admin-ui'

/** The round of 16 as stored after an import: each match and its two pairs, in draw order. */
export function ImportedDraw({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation()
  const matches = useAdminMatches(tournamentId)
  if (matches.isPending) return <LoadingBlock />
  if (matches.isError) return <LoadError onRetry={() => void matches.refetch()} />
  const round16 = matches.data.matches
    .filter((match) => match.round === 'round16')
    .sort((a, b) => a.matchNumber - b.matchNumber)
  return (
    <section aria-labelledby="imported-draw-title">
      <h2 id="imported-draw-title" className="mb-3 text-xl font-bold text-fg">
        {t('admin.draw.importedTitle')}
      </h2>
      <ol data-testid="imported-draw" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {round16.map((match) => (
          <li
            key={match.id}
            data-testid="imported-match"
            className="rounded-xl border border-line bg-surface p-3 text-sm"
          >
            <p className="text-xs font-semibold text-muted">
              {t('admin.draw.matchOf', { number: match.matchNumber })}
            </p>
            <p className="mt-1 font-semibold break-words text-fg">{match.team1?.name}</p>
            <p className="text-xs text-muted">{t('admin.draw.versus')}</p>
            <p className="font-semibold break-words text-fg">{match.team2?.name}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** After an import: what changed, the round of 16 now stored, and the ways on. */
export function ImportDone({
  tournament,
  result,
}: {
  tournament: AdminTournament
  result: DrawImportResult
}) {
  const { t } = useTranslation()
  const pairs = result.summary.pairsCreated + result.summary.pairsReused
  return (
    <div className="space-y-4">
      <Alert tone="success" testId="draw-imported">
        {result.changed
          ? t('admin.draw.imported', { pairs, name: tournament.name })
          : t('admin.draw.importedUnchanged', { name: tournament.name })}
      </Alert>
      <ImportedDraw tournamentId={tournament.id} />
      <p className="flex flex-wrap gap-4 text-sm">
        <Link
          to={`/admin/teams?tournament=${tournament.id}`}
          className="font-semibold text-brand underline underline-offset-4"
        >
          {t('admin.draw.pairsLink')}
        </Link>
        <Link
          to={`/admin/tournaments/${tournament.id}/results`}
          className="font-semibold text-brand underline underline-offset-4"
        >
          {t('admin.screens.results.linkFor', { name: tournament.name })}
        </Link>
      </p>
    </div>
  )
}
