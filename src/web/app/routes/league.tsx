import { useParams } from 'react-router'
import { LeagueView } from '#web/features/leagues/components/league-view'
import { LeagueSeason } from '#web/features/seasons/components/league-season'
import { StandingsView } from '#web/features/standings/components/standings-view'

/**
 * A league's page; the league standings of each tournament are the standings feature's table,
 * its season table the seasons feature's.
 */
export function LeaguePage() {
  const { id = '' } = useParams()
  return (
    <LeagueView
      key={id}
      leagueId={id}
      renderStandings={({ tournamentId, leagueId, pageParam }) => (
        <StandingsView tournamentId={tournamentId} leagueId={leagueId} pageParam={pageParam} />
      )}
      renderSeason={(leagueId) => <LeagueSeason leagueId={leagueId} />}
    />
  )
}
