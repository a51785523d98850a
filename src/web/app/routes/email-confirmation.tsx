import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { EmailConfirmationView } from '#web/features/auth/components/email-confirmation-view'

export function EmailConfirmationPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('email_confirmation.title')}
      description={t('email_confirmation.description')}
    >
      <EmailConfirmationView />
    </PageContainer>
  )
}
