import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form'

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('forgot_password.title')}
      description={t('forgot_password.description')}
      intro={t('forgot_password.intro')}
    >
      <ForgotPasswordForm />
    </PageContainer>
  )
}
