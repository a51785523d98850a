import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { LoginForm } from '#web/features/auth/components/login-form'

export function LoginPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('login.title')}
      description={t('login.description')}
      intro={t('login.intro')}
    >
      <LoginForm />
    </PageContainer>
  )
}
