import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleX } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { ButtonLink } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError } from '#web/lib/api-client'
import { verifyEmail } from '#web/lib/auth-client'
import { useErrorMessage } from '#web/lib/error-message'
import { refreshSession } from '#web/lib/session'
import { forgetReturnPath, readReturnPath } from '../return-path'
import { AuthCard } from './auth-card'

/** Spec §9: the success page moves on by itself after 3 seconds. */
export const REDIRECT_DELAY_MS = 3000

/**
 * Confirms the token once (a query keyed by the token, so a re-render or React's strict-mode
 * double effect never spends a single-use token twice), then refreshes the session: the server
 * signs the user in on confirmation, and the header must show them at once. Answers whether a
 * session came of it: a link opened again (the address is confirmed already) signs nobody in.
 */
function useEmailConfirmation(token: string | null) {
  return useQuery({
    queryKey: ['email-confirmation', token],
    queryFn: async () => {
      await verifyEmail(token ?? '')
      const me = await refreshSession().catch(() => null)
      return { isSignedIn: me !== null }
    },
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function EmailConfirmationView() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() || null
  const confirmation = useEmailConfirmation(token)
  const isConfirmed = confirmation.isSuccess
  const isSignedIn = confirmation.data?.isSignedIn === true
  // The page the fan was heading for when they signed up (an invite link), else the dashboard.
  const [returnPath] = useState(readReturnPath)
  const next = returnPath ?? '/dashboard'

  useEffect(() => {
    // Only a signed-in user moves on; a visitor would land on the login page.
    if (!isConfirmed || !isSignedIn) return
    forgetReturnPath()
    const timer = window.setTimeout(() => void navigate(next), REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [isConfirmed, isSignedIn, navigate, next])

  if (token === null || confirmation.isError) {
    const message =
      token === null
        ? t('email_confirmation.error_no_token')
        : confirmation.error instanceof ApiError && confirmation.error.code === 'INVALID_TOKEN'
          ? t('email_confirmation.error_invalid_token')
          : errorMessage(confirmation.error, t('email_confirmation.error_failed'))
    return (
      <AuthCard>
        <div data-state="error" className="flex flex-col items-center gap-4 text-center">
          <CircleX aria-hidden="true" className="size-12 text-danger" />
          <h2 className="text-xl font-bold text-fg">{t('email_confirmation.error_title')}</h2>
          <p role="alert" data-testid="confirmation-error" className="text-muted">
            {message}
          </p>
          <ButtonLink to="/login" variant="primary">
            {t('email_confirmation.go_login')}
          </ButtonLink>
        </div>
      </AuthCard>
    )
  }

  if (!isConfirmed) {
    return (
      <AuthCard>
        <div data-state="confirming" className="flex flex-col items-center gap-4 py-6">
          <Spinner label={t('email_confirmation.confirming')} />
          <p aria-hidden="true" className="text-muted">
            {t('email_confirmation.confirming')}
          </p>
        </div>
      </AuthCard>
    )
  }

  if (!isSignedIn) {
    return (
      <AuthCard>
        <div
          data-state="confirmed-signed-out"
          data-testid="confirmation-already"
          className="flex flex-col items-center gap-4 text-center"
        >
          <CircleCheck aria-hidden="true" className="size-12 text-success" />
          <h2 className="text-xl font-bold text-fg">{t('email_confirmation.success_title')}</h2>
          <p role="status" className="text-muted">
            {t('standing.email_confirmation.sign_in_to_continue')}
          </p>
          <ButtonLink
            to="/login"
            state={returnPath ? { from: returnPath } : undefined}
            variant="accent"
          >
            {t('email_confirmation.go_login')}
          </ButtonLink>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard>
      <div data-state="success" className="flex flex-col items-center gap-4 text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-success" />
        <h2 className="text-xl font-bold text-fg">{t('email_confirmation.success_title')}</h2>
        <p role="status" className="text-muted">
          {returnPath
            ? t('email_confirmation.success_body_return', { seconds: REDIRECT_DELAY_MS / 1000 })
            : t('email_confirmation.success_body', { seconds: REDIRECT_DELAY_MS / 1000 })}
        </p>
        <ButtonLink to={next} variant="accent" data-testid="confirmation-continue">
          {returnPath ? t('email_confirmation.go_back') : t('email_confirmation.go_dashboard')}
        </ButtonLink>
      </div>
    </AuthCard>
  )
}
