import { Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function TournamentsPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('pages.tournaments.title')}
      description={t('pages.tournaments.description')}
      intro={t('pages.tournaments.intro')}
    >
      <EmptyState icon={Trophy} title={t('pages.pendingTitle')}>
        {t('pages.tournaments.empty')}
      </EmptyState>
    </PageContainer>
  )
}
