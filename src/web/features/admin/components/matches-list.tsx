import { CalendarClock, Plus, Swords } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { Round } from '#domain/bracket/bracket'
import type { AdminMatch } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { ResponsiveList } from '#web/components/responsive-list'
import { Button, ButtonLink } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { useAdminMatches } from '../api/matches'
import { groupMatches, type TournamentGroup } from '../match-groups'
import { EditLink, LoadError, LoadingBlock } from './admin-ui'
import { ResultsLink } from './results-link'
import { RoundScheduleDialog } from './round-schedule-dialog'
import { TournamentFilter, useTournamentFilter } from './tournament-filter'

/** What an edit form returns to after saving: this list with its filter. */
export interface MatchListState {
  listUrl: string
}

function TournamentMatches({ group }: { group: TournamentGroup<AdminMatch> }) {
  const { t } = useTranslation()
  const [scheduling, setScheduling] = useState<Round | null>(null)
  const { pathname, search } = useLocation()
  const state: MatchListState = { listUrl: `${pathname}${search}` }
  const noTeam = t('admin.home.tbd')
  const headingId = `matches-${group.tournamentId}`
  return (
    <section aria-labelledby={headingId} data-testid="match-group" className="mb-10">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-fg">
          {group.tournamentName}
        </h2>
        <ResultsLink tournament={{ id: group.tournamentId, name: group.tournamentName }} />
      </div>
      {group.rounds.map(({ round, matches }) => {
        const roundName = t(`admin.rounds.${round}`)
        return (
          <div key={round} className="mb-5">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-bold tracking-wide text-muted uppercase">{roundName}</h3>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('order_of_play.admin.bulk.open_label', {
                  name: `${roundName} — ${group.tournamentName}`,
                })}
                onClick={() => setScheduling(round)}
              >
                <CalendarClock aria-hidden="true" className="size-4" />
                {t('order_of_play.admin.bulk.open')}
              </Button>
            </div>
            <ResponsiveList
              testId="matches-table"
              itemTestId="match-row"
              caption={`${group.tournamentName} — ${roundName}`}
              items={matches}
              itemKey={(match) => match.id}
              primary={{
                key: 'number',
                header: t('admin.matches.columns.number'),
                className: 'tabular-nums w-16',
                cell: (match) => t('admin.screens.matches.number', { number: match.matchNumber }),
              }}
              columns={[
                {
                  key: 'team1',
                  header: t('admin.matches.columns.team1'),
                  cell: (match) => match.team1?.name ?? noTeam,
                },
                {
                  key: 'team2',
                  header: t('admin.matches.columns.team2'),
                  cell: (match) => match.team2?.name ?? noTeam,
                },
                {
                  key: 'winner',
                  header: t('admin.matches.columns.winner'),
                  cell: (match) => match.winner?.name ?? t('admin.home.noWinner'),
                },
              ]}
              actions={{
                header: t('admin.common.actions'),
                cell: (match) => (
                  <EditLink
                    to={`/admin/matches/${match.id}/edit`}
                    state={state}
                    name={`${group.tournamentName} — ${roundName} ${match.matchNumber}`}
                  />
                ),
                phone: (match) => (
                  <EditLink
                    to={`/admin/matches/${match.id}/edit`}
                    state={state}
                    name={`${group.tournamentName} — ${roundName} ${match.matchNumber}`}
                    iconOnly
                  />
                ),
              }}
            />
          </div>
        )
      })}
      {scheduling !== null && (
        <RoundScheduleDialog
          tournamentId={group.tournamentId}
          title={`${t(`admin.rounds.${scheduling}`)} — ${group.tournamentName}`}
          matches={group.rounds.find((entry) => entry.round === scheduling)?.matches ?? []}
          onClose={() => setScheduling(null)}
        />
      )}
    </section>
  )
}

/**
 * /admin/matches: by tournament, then round (as the bracket reads), one tournament or all.
 * Results are entered on each tournament's bracket ("Results"); Edit is for the pairs of a match,
 * and "Schedule round" sets the start times and courts of a whole round at once.
 */
export function MatchesList() {
  const { t } = useTranslation()
  const [tournamentId, setTournamentId] = useTournamentFilter()
  const query = useAdminMatches(tournamentId)

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.matches.length === 0) {
    body = <EmptyState icon={Swords}>{t('admin.matches.empty')}</EmptyState>
  } else {
    body = groupMatches(query.data.matches).map((group) => (
      <TournamentMatches key={group.tournamentId} group={group} />
    ))
  }

  return (
    <PageContainer
      title={t('admin.matches.title')}
      description={t('admin.matches.description')}
      intro={t('admin.matches.description')}
      actions={
        <ButtonLink to="/admin/matches/new" variant="primary">
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.matches.add')}
        </ButtonLink>
      }
    >
      <TournamentFilter
        value={tournamentId}
        onChange={setTournamentId}
        label={t('admin.matches.filter')}
        allLabel={t('admin.matches.all')}
      />
      {body}
    </PageContainer>
  )
}
