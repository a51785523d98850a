import { useMutation } from '@tanstack/react-query'
import { LogIn } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { TextField } from '#web/components/ui/text-field'
import { ApiError } from '#web/lib/api-client'
import { signIn } from '#web/lib/auth-client'
import { useErrorMessage } from '#web/lib/error-message'
import { refreshSession } from '#web/lib/session'
import { useAuthForm } from '../use-auth-form'
import { validateLogin } from '../validation'
import { AuthCard, authLinkClasses } from './auth-card'
import { PasswordField } from './password-field'
import { ResendConfirmation } from './resend-confirmation'

/**
 * Email and password. On success the session is refreshed and the guest-only guard moves the
 * user on (to the page first asked for, or the dashboard). An unconfirmed e-mail opens the
 * resend-confirmation panel.
 */
export function LoginForm() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  // Passed on to the sign-up link, so switching forms keeps the page to come back to.
  const { state } = useLocation()
  const form = useAuthForm({ email: '', password: '' })
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null)

  const login = useMutation({
    mutationFn: async (values: { email: string; password: string }) => {
      await signIn(values)
      // The guard of this page sees the new session and redirects.
      await refreshSession()
    },
    onError: (error, values) => {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        form.clear()
        setUnverifiedEmail(values.email)
        return
      }
      form.fail(errorMessage(error, t('login.error_failed')))
    },
  })

  const onSubmit = form.handleSubmit((element) => {
    setUnverifiedEmail(null)
    const key = validateLogin(form.values)
    if (key) {
      form.reject(key, t(`login.${key}`), element)
      return
    }
    form.clear()
    login.mutate({ email: form.values.email.trim(), password: form.values.password })
  })

  return (
    <AuthCard>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {form.message && (
          <Alert tone="error" id={form.errorId} testId="form-error">
            {form.message}
          </Alert>
        )}
        {unverifiedEmail && (
          <section
            aria-labelledby="unverified-title"
            data-testid="unverified-panel"
            className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-4"
          >
            <h2 id="unverified-title" className="font-semibold text-fg">
              {t('login.unverified_title')}
            </h2>
            <p role="alert" className="text-sm text-muted">
              {t('login.unverified_body', { email: unverifiedEmail })}
            </p>
            <ResendConfirmation email={unverifiedEmail} />
          </section>
        )}
        <TextField
          {...form.field('email')}
          label={t('login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div>
          <PasswordField
            {...form.field('password')}
            label={t('login.password')}
            toggleLabel={t('login.show_password')}
            autoComplete="current-password"
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className={authLinkClasses}>
              {t('login.forgot_password')}
            </Link>
          </p>
        </div>
        <Button type="submit" variant="primary" size="lg" disabled={login.isPending}>
          <LogIn aria-hidden="true" className="size-5" />
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('login.no_account')}{' '}
        <Link to="/register" state={state} className={authLinkClasses}>
          {t('login.register_link')}
        </Link>
      </p>
    </AuthCard>
  )
}
