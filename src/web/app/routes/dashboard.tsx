import { LayoutDashboard } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function DashboardPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('pages.dashboard.title')}
      description={t('pages.dashboard.description')}
      intro={t('pages.dashboard.intro')}
    >
      <EmptyState icon={LayoutDashboard} title={t('pages.pendingTitle')}>
        {t('pages.dashboard.empty')}
      </EmptyState>
    </PageContainer>
  )
}
