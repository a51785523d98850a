import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { LiveMark } from '../../components/live-mark'
import { PageContainer } from '../../components/page-container'
import { LeagueFilter } from '../../features/leagues/components/league-filter'
import { leagueFilterFromSearch } from '../../features/leagues/league-view-model'
import { StandingsView } from '../../features/standings/components/standings-view'
import { useLiveTournament } from '../../lib/live'

export function TournamentStandingsPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  // ?league= narrows the ranking to a league's members, and survives a reload or a shared link.
  const [search, setSearch] = useSearchParams()
  const leagueId = leagueFilterFromSearch(search.get('league'))
  // A result moves the standings a moment later; the 'standings' event refetches them.
  const live = useLiveTournament(id)
  return (
    <PageContainer
      title={t('standings.title')}
      description={t('standings.description')}
      intro={t('standings.intro')}
      actions={
        <Link to={`/tournament/${id}`} className="text-sm font-semibold text-brand underline">
          {t('standings.back')}
        </Link>
      }
    >
      <LiveMark state={live} className="mb-4" />
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
      <StandingsView key={`${id}|${leagueId ?? ''}`} tournamentId={id} leagueId={leagueId} />
    </PageContainer>
  )
}
