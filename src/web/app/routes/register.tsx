import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { RegisterForm } from '#web/features/auth/components/register-form'

export function RegisterPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('register.title')}
      description={t('register.description')}
      intro={t('register.intro')}
    >
      <RegisterForm />
    </PageContainer>
  )
}
