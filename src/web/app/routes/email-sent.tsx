import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { EmailSentView } from '#web/features/auth/components/email-sent-view'

export function EmailSentPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('email_sent.title')}
      description={t('email_sent.description')}
      intro={t('email_sent.intro')}
    >
      <EmailSentView />
    </PageContainer>
  )
}
