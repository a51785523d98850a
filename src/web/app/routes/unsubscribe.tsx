import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/page-container'
import { UnsubscribeView } from '../../features/unsubscribe/components/unsubscribe-view'

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
