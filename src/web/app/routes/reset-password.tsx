import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function ResetPasswordPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('pages.resetPassword.title')}
      description={t('pages.resetPassword.description')}
      intro={t('pages.resetPassword.intro')}
    >
      <EmptyState icon={KeyRound} title={t('pages.pendingTitle')}>
        {t('pages.resetPassword.pending')}
      </EmptyState>
    </PageContainer>
  )
}
