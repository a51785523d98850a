import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { MailboxView } from '#web/features/mailbox/components/mailbox-view'

export function DevMailboxPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('mailbox.title')}
      description={t('mailbox.description')}
      intro={t('mailbox.intro')}
    >
      <MailboxView />
    </PageContainer>
  )
}
