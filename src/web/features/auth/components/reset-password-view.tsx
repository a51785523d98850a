import { useMutation, useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleX, KeyRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { Alert } from '#web/components/ui/alert'
import { Button, ButtonLink } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError } from '#web/lib/api-client'
import { checkResetLink, resetPassword } from '#web/lib/auth-client'
import { useErrorMessage } from '#web/lib/error-message'
import { refreshSession } from '#web/lib/session'
import { fieldsOfServerError, useAuthForm } from '../use-auth-form'
import { PASSWORD_MIN_LENGTH, validateResetPassword } from '../validation'
import { AuthCard } from './auth-card'
import { REDIRECT_DELAY_MS } from './email-confirmation-view'
import { PasswordField } from './password-field'

type LinkErrorKey = 'error_invalid_link' | 'error_expired_link' | 'error_verification_failed'

function ResetError({ messageKey, onRetry }: { messageKey: LinkErrorKey; onRetry?: () => void }) {
  const { t } = useTranslation()
  return (
    <AuthCard>
      <div data-state="error" className="flex flex-col items-center gap-4 text-center">
        <CircleX aria-hidden="true" className="size-12 text-danger" />
        <h2 className="text-xl font-bold text-fg">{t('reset_password.error_title')}</h2>
        <p role="alert" data-testid="reset-error" className="text-muted">
          {t(`reset_password.${messageKey}`)}
        </p>
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          {onRetry && (
            <Button variant="primary" onClick={onRetry}>
              {t('common.tryAgain')}
            </Button>
          )}
          <ButtonLink to="/forgot-password" variant={onRetry ? 'secondary' : 'primary'}>
            {t('reset_password.request_new_link')}
          </ButtonLink>
        </div>
      </div>
    </AuthCard>
  )
}

/**
 * The page a recovery e-mail links to: loading (the link is checked without being spent), ready
 * (the form), success (then /login after 3 s) or error. Every session of the account ends with
 * the reset, this browser's included, so the session is refreshed too.
 */
export function ResetPasswordView() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() || null
  // better-auth's own link check redirects here with ?error=INVALID_TOKEN for a dead link.
  const linkError = params.get('error')
  const [spentLink, setSpentLink] = useState(false)
  const form = useAuthForm({ password: '', confirmPassword: '' })

  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token ?? ''),
    enabled: token !== null && linkError === null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  })

  const reset = useMutation({
    mutationFn: async (newPassword: string) => {
      await resetPassword({ token: token ?? '', newPassword })
      // The server ended every session of the account; the header must stop showing it.
      await refreshSession().catch(() => null)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') {
        setSpentLink(true)
        return
      }
      form.fail(
        errorMessage(error, t('reset_password.error_update_failed')),
        fieldsOfServerError(error),
      )
    },
  })

  const isDone = reset.isSuccess
  useEffect(() => {
    if (!isDone) return
    const timer = window.setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [isDone, navigate])

  if (token === null) return <ResetError messageKey="error_invalid_link" />
  if (isDone) {
    return (
      <AuthCard>
        <div data-state="success" className="flex flex-col items-center gap-4 text-center">
          <CircleCheck aria-hidden="true" className="size-12 text-success" />
          <h2 className="text-xl font-bold text-fg">{t('reset_password.success_title')}</h2>
          <p role="status" className="text-muted">
            {t('reset_password.success_body', { seconds: REDIRECT_DELAY_MS / 1000 })}
          </p>
          <ButtonLink to="/login" variant="primary">
            {t('reset_password.go_login')}
          </ButtonLink>
        </div>
      </AuthCard>
    )
  }

  if (linkError !== null || spentLink || check.data === 'invalid') {
    return <ResetError messageKey="error_expired_link" />
  }
  if (check.data === 'failed' || check.isError) {
    return (
      <ResetError messageKey="error_verification_failed" onRetry={() => void check.refetch()} />
    )
  }
  if (check.isPending || check.isFetching) {
    return (
      <AuthCard>
        <div data-state="loading" className="py-6">
          <Spinner label={t('reset_password.loading')} />
        </div>
      </AuthCard>
    )
  }

  const onSubmit = form.handleSubmit((element) => {
    const key = validateResetPassword(form.values)
    if (key) {
      form.reject(key, t(`reset_password.${key}`, { min: PASSWORD_MIN_LENGTH }), element)
      return
    }
    form.clear()
    reset.mutate(form.values.password)
  })

  return (
    <AuthCard>
      <form noValidate onSubmit={onSubmit} data-state="ready" className="flex flex-col gap-5">
        {form.message && (
          <Alert tone="error" id={form.errorId} testId="form-error">
            {form.message}
          </Alert>
        )}
        <PasswordField
          {...form.field('password')}
          label={t('reset_password.new_password')}
          hint={t('reset_password.password_hint', { min: PASSWORD_MIN_LENGTH })}
          toggleLabel={t('reset_password.show_password')}
          autoComplete="new-password"
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label={t('reset_password.confirm_password')}
          toggleLabel={t('reset_password.show_confirm_password')}
          autoComplete="new-password"
        />
        <Button type="submit" variant="primary" size="lg" disabled={reset.isPending}>
          <KeyRound aria-hidden="true" className="size-5" />
          {reset.isPending ? t('reset_password.submitting') : t('reset_password.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
