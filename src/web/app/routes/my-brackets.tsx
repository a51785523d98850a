import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { MyBracketsView } from '#web/features/standings/components/my-brackets-view'

export function MyBracketsPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('my_brackets.title')}
      description={t('my_brackets.description')}
      intro={t('my_brackets.intro')}
    >
      <MyBracketsView />
    </PageContainer>
  )
}
