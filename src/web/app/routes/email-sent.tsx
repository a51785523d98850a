import { Mail } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function EmailSentPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('pages.emailSent.title')}
      description={t('pages.emailSent.description')}
      intro={t('pages.emailSent.intro')}
    >
      <EmptyState icon={Mail} title={t('pages.pendingTitle')}>
        {t('pages.emailSent.pending')}
      </EmptyState>
    </PageContainer>
  )
}
