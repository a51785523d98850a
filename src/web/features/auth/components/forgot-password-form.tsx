import { useMutation } from '@tanstack/react-query'
import { MailOpen, Send } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '#web/components/ui/alert'
import { BackLink } from '#web/components/back-link'
import { Button } from '#web/components/ui/button'
import { TextField } from '#web/components/ui/text-field'
import { requestPasswordReset } from '#web/lib/auth-client'
import { useErrorMessage } from '#web/lib/error-message'
import { useAuthForm } from '../use-auth-form'
import { validateForgotPassword } from '../validation'
import { AuthCard, authLinkClasses } from './auth-card'

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account (the
 * server does not say), so the confirmation is worded "if an account exists".
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const form = useAuthForm({ email: '' })
  const request = useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => form.fail(errorMessage(error, t('forgot_password.error_reset_failed'))),
  })

  if (request.isSuccess) {
    return (
      <AuthCard>
        <div data-testid="reset-requested" className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-surface-2 text-brand">
            <MailOpen aria-hidden="true" className="size-7" />
          </span>
          <h2 className="text-xl font-bold text-fg">{t('forgot_password.sent_title')}</h2>
          <p role="status" className="text-muted">
            {t('forgot_password.sent_body', { email: request.variables })}
          </p>
          <BackLink to="/login">{t('forgot_password.back_to_login')}</BackLink>
        </div>
      </AuthCard>
    )
  }

  const onSubmit = form.handleSubmit((element) => {
    const key = validateForgotPassword(form.values)
    if (key) {
      form.reject(key, t(`forgot_password.${key}`), element)
      return
    }
    form.clear()
    request.mutate(form.values.email.trim())
  })

  return (
    <AuthCard>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {form.message && (
          <Alert tone="error" id={form.errorId} testId="form-error">
            {form.message}
          </Alert>
        )}
        <TextField
          {...form.field('email')}
          label={t('forgot_password.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" variant="primary" size="lg" disabled={request.isPending}>
          <Send aria-hidden="true" className="size-5" />
          {request.isPending ? t('forgot_password.submitting') : t('forgot_password.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('forgot_password.remembered')}{' '}
        <Link to="/login" className={authLinkClasses}>
          {t('forgot_password.back_to_login')}
        </Link>
      </p>
    </AuthCard>
  )
}
