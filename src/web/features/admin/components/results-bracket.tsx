import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { AdminMatch, AdminTournament, MatchInput } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { cn } from '#web/lib/cn'
import { StatusBadge } from '#web/components/ui/status-badge'
import { useAdminMessages } from '../admin-messages'
import { updateAdminMatch, useAdminMatches } from '../api/matches'
import { adminTournamentQueryOptions } from '../api/tournaments'
import { groupByRound } from '../match-groups'
import { EditRecordGate, LoadError, LoadingBlock } from './admin-ui'
import { FinishTournament } from './finish-tournament'
import { MatchSetScores } from './set-scores-form'
import { useZonedDateTime } from './tournament-dates'

/** Why results cannot be entered now, or null when they can. */
function lockReason(tournament: AdminTournament, now: number) {
  if (tournament.isSettled) return 'settled' as const
  if (tournament.status === 'cancelled') return 'cancelled' as const
  if (isBettingOpen(tournament.status, new Date(tournament.bettingDeadline), now)) {
    return 'bettingOpen' as const
  }
  return null
}

/**
 * /admin/tournaments/:id/results: the bracket itself, round of 16 to the final. A click on a pair
 * makes it the match's winner (the server moves it into the next round); a click on the winner
 * takes the result back. One save at a time, so the bracket never shows two guesses at once.
 */
export function ResultsBracket({ id }: { id: string }) {
  const { t } = useTranslation()
  const query = useQuery(adminTournamentQueryOptions(id))
  return (
    <PageContainer
      title={
        query.data
          ? t('admin.screens.results.titleFor', { name: query.data.name })
          : t('admin.screens.results.title')
      }
      description={t('admin.screens.results.description')}
      intro={t('admin.screens.results.description')}
      back={{ to: '/admin/tournaments', label: t('admin.tournaments.back') }}
    >
      <EditRecordGate query={query} listPath="/admin/tournaments">
        {(tournament) => <Bracket tournament={tournament} />}
      </EditRecordGate>
    </PageContainer>
  )
}

function Bracket({ tournament }: { tournament: AdminTournament }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const messages = useAdminMessages()
  const zoned = useZonedDateTime()
  const matches = useAdminMatches(tournament.id)
  const [problem, setProblem] = useState<string | null>(null)
  const [now] = useState(() => Date.now())
  const lock = lockReason(tournament, now)

  // A winner alone leaves the scores to the server: kept with the same winner, dropped with another.
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string; input: MatchInput }) => updateAdminMatch(id, input),
    onMutate: () => setProblem(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    onError: (error) =>
      setProblem(t('admin.screens.results.failed', { message: messages.requestFailure(error) })),
  })

  if (matches.isPending) return <LoadingBlock />
  if (matches.isError) return <LoadError onRetry={() => void matches.refetch()} />
  const rounds = groupByRound(matches.data.matches)
  const decided = matches.data.matches.filter((match) => match.winnerTeamId !== null).length

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm text-muted">
        <StatusBadge status={tournament.status} />
        <span data-testid="results-count">
          {t('admin.screens.results.count', {
            decided,
            total: matches.data.matches.length,
          })}
        </span>
        <Link
          to={`/admin/tournaments/${tournament.id}/edit`}
          className="font-semibold text-brand underline underline-offset-4"
        >
          {t('admin.screens.results.editTournament')}
        </Link>
      </div>
      <FinishTournament
        tournament={tournament}
        decided={decided}
        total={matches.data.matches.length}
      />
      {lock && (
        <Alert tone="info" className="mb-4">
          {t(`admin.screens.results.locked.${lock}`, {
            date: zoned(tournament.bettingDeadline),
          })}
        </Alert>
      )}
      {problem && (
        <Alert tone="error" className="mb-4">
          {problem}
        </Alert>
      )}
      <p role="status" className="sr-only">
        {save.isPending ? t('admin.common.saving') : ''}
      </p>
      {rounds.length === 0 ? (
        <Alert tone="info">{t('admin.screens.results.noBracket')}</Alert>
      ) : (
        <div data-testid="results-bracket" className="grid gap-6 lg:grid-cols-4">
          {rounds.map((group) => (
            <section
              key={group.round}
              aria-labelledby={`results-${group.round}`}
              className="flex min-w-0 flex-col"
            >
              <h2
                id={`results-${group.round}`}
                className="mb-3 text-xs font-bold tracking-wide text-muted uppercase"
              >
                {t(`admin.rounds.${group.round}`)}
              </h2>
              <ol className="flex flex-1 flex-col justify-around gap-3">
                {group.matches.map((match) => (
                  <li key={match.id}>
                    <MatchCard
                      match={match}
                      isDisabled={lock !== null || save.isPending}
                      onPick={(winnerTeamId) =>
                        save.mutate({ id: match.id, input: { ...resultOf(match), winnerTeamId } })
                      }
                      onSave={(input) => save.mutate({ id: match.id, input })}
                    />
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </>
  )
}

function resultOf(match: AdminMatch): MatchInput {
  return {
    tournamentId: match.tournamentId,
    round: match.round,
    matchNumber: match.matchNumber,
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    winnerTeamId: match.winnerTeamId,
  }
}

function MatchCard({
  match,
  isDisabled,
  onPick,
  onSave,
}: {
  match: AdminMatch
  isDisabled: boolean
  onPick: (winnerTeamId: string | null) => void
  onSave: (input: MatchInput) => void
}) {
  const { t } = useTranslation()
  const label = t('admin.screens.results.matchLabel', {
    round: t(`admin.rounds.${match.round}`),
    number: match.matchNumber,
  })
  return (
    <div
      role="group"
      aria-label={label}
      data-testid="results-match"
      className="overflow-hidden rounded-xl border border-line bg-surface text-sm"
    >
      {[match.team1, match.team2].map((team, index) => {
        if (!team) {
          return (
            <p
              key={index}
              className={cn(
                'flex min-h-11 items-center px-3 text-muted italic',
                index === 1 && 'border-t border-line',
              )}
            >
              {t('admin.home.tbd')}
            </p>
          )
        }
        const isWinner = match.winnerTeamId === team.id
        return (
          <button
            key={team.id}
            type="button"
            aria-pressed={isWinner}
            disabled={isDisabled}
            onClick={() => onPick(isWinner ? null : team.id)}
            className={cn(
              'flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-fg hover:bg-surface-2 disabled:cursor-not-allowed',
              index === 1 && 'border-t border-line',
              isWinner && 'bg-success/10 font-semibold',
              match.winnerTeamId !== null && !isWinner && 'text-muted',
            )}
          >
            <span className="min-w-0 flex-1 break-words">{team.name}</span>
            {isWinner && <Check aria-hidden="true" className="size-4 shrink-0 text-success" />}
          </button>
        )
      })}
      {match.team1 && match.team2 && (
        <MatchSetScores match={match} isDisabled={isDisabled} onSave={onSave} />
      )}
    </div>
  )
}
