import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { UnsubscribeView } from '#web/features/unsubscribe/components/unsubscribe-view'

export function UnsubscribePage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('unsubscribe.title')}
      description={t('unsubscribe.description')}
    >
      <UnsubscribeView />
    </PageContainer>
  )
}
