import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { TournamentList } from '#web/features/tournaments/components/tournament-list'

export function TournamentsPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('pages.tournaments.title')}
      description={t('pages.tournaments.description')}
      intro={t('pages.tournaments.intro')}
    >
      <TournamentList />
    </PageContainer>
  )
}
