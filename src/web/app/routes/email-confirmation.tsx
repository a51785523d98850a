import { MailCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function EmailConfirmationPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('pages.emailConfirmation.title')}
      description={t('pages.emailConfirmation.description')}
      intro={t('pages.emailConfirmation.intro')}
    >
      <EmptyState icon={MailCheck} title={t('pages.pendingTitle')}>
        {t('pages.emailConfirmation.pending')}
      </EmptyState>
    </PageContainer>
  )
}
