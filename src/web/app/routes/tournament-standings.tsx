import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { LiveMark } from '#web/components/live-mark'
import { LiveResultToast } from '#web/components/live-result-toast'
import { ContestSwitch, useContestParam } from '#web/components/contest-switch'
import { PageContainer } from '#web/components/page-container'
import { LeagueFilter } from '#web/features/leagues/components/league-filter'
import { leagueFilterFromSearch } from '#web/features/leagues/league-view-model'
import { useSecondChance } from '#web/features/second-chance/api/second-chance'
import { StandingsView } from '#web/features/standings/components/standings-view'
import { useTournament } from '#web/features/tournaments/api/tournaments'
import { useLiveTournament } from '#web/lib/live'

export function TournamentStandingsPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  // ?league= narrows the ranking to a league's members, and survives a reload or a shared link.
  const [search, setSearch] = useSearchParams()
  const leagueId = leagueFilterFromSearch(search.get('league'))
  // A result moves the standings a moment later; the 'standings' event refetches them.
  const live = useLiveTournament(id)
  const tournament = useTournament(id)
  // A tournament with a second chance ranks it on its own; the switch keeps the choice in the URL.
  const secondChance = useSecondChance(id)
  const hasSecondChance = (secondChance.data?.state ?? 'not_open') !== 'not_open'
  const [contest, setContest] = useContestParam()
  return (
    <PageContainer
      title={t('standings.title')}
      description={t('standings.description')}
      intro={t('standings.intro')}
      back={{ to: `/tournament/${id}`, label: t('standings.back') }}
      actions={<LiveMark state={live} tournament={tournament.data} />}
    >
      {hasSecondChance && <ContestSwitch value={contest} onChange={setContest} className="mb-4" />}
      <LeagueFilter
        value={leagueId}
        onChange={(next) =>
          setSearch((params) => {
            if (next) params.set('league', next)
            else params.delete('league')
            // Another ranking: start from its first page.
            params.delete('page')
            return params
          })
        }
      />
      <StandingsView
        key={`${id}|${leagueId ?? ''}|${contest}`}
        tournamentId={id}
        leagueId={leagueId}
        contest={hasSecondChance ? contest : 'main'}
      />
      <LiveResultToast tournament={tournament.data} updatedAt={tournament.dataUpdatedAt} />
    </PageContainer>
  )
}
