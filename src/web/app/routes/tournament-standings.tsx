import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { LiveMark } from '../../components/live-mark'
import { PageContainer } from '../../components/page-container'
import { StandingsView } from '../../features/standings/components/standings-view'
import { useLiveTournament } from '../../lib/live'

export function TournamentStandingsPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
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
      <StandingsView key={id} tournamentId={id} />
    </PageContainer>
  )
}
