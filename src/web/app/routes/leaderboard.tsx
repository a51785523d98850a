import { Medal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function LeaderboardPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('pages.leaderboard.title')}
      description={t('pages.leaderboard.description')}
      intro={t('pages.leaderboard.intro')}
    >
      <EmptyState icon={Medal} title={t('pages.pendingTitle')}>
        {t('pages.leaderboard.empty')}
      </EmptyState>
    </PageContainer>
  )
}
