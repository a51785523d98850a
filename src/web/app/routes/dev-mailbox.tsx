import { Mailbox } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function DevMailboxPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('pages.devMailbox.title')}
      description={t('pages.devMailbox.description')}
      intro={t('pages.devMailbox.intro')}
    >
      <EmptyState icon={Mailbox} title={t('pages.pendingTitle')}>
        {t('pages.devMailbox.pending')}
      </EmptyState>
    </PageContainer>
  )
}
