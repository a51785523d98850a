import { UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function ProfilePage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('pages.profile.title')}
      description={t('pages.profile.description')}
      intro={t('pages.profile.intro')}
    >
      <EmptyState icon={UserRound} title={t('pages.pendingTitle')}>
        {t('pages.profile.empty')}
      </EmptyState>
    </PageContainer>
  )
}
