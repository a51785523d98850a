import { useMutation } from '@tanstack/react-query'
import { Coins, UserPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { TextField } from '#web/components/ui/text-field'
import { signUp } from '#web/lib/auth-client'
import { useErrorMessage } from '#web/lib/error-message'
import { useNumberFormat } from '#web/lib/format'
import { rememberPendingEmail } from '../pending-email'
import { rememberReturnPath } from '../return-path'
import { fieldsOfServerError, useAuthForm } from '../use-auth-form'
import { PASSWORD_MIN_LENGTH, validateRegister } from '../validation'
import { AuthCard, authLinkClasses } from './auth-card'
import { PasswordField } from './password-field'

/**
 * The welcome bonus a new account receives. The server grants it (WELCOME_BONUS, 1,000 by
 * default, docs/architecture.md "Accounts") but does not publish the figure, so the banner states the default.
 */
export const WELCOME_BONUS_COINS = 1000

function WelcomeBonusBanner() {
  const { t } = useTranslation()
  const amount = useNumberFormat().format(WELCOME_BONUS_COINS)
  return (
    <div
      data-testid="welcome-bonus"
      className="mb-6 flex items-start gap-3 rounded-xl border border-accent/60 bg-accent/15 p-4"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent">
        <Coins aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="font-bold text-fg">{t('register.bonus_title', { amount })}</p>
        <p className="mt-1 text-sm text-muted">{t('register.bonus_body', { amount })}</p>
      </div>
    </div>
  )
}

/** Username, email, password twice. Success leaves the user signed out until they confirm. */
export function RegisterForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  // Where the visitor was heading (an invite link): kept across the confirmation e-mail.
  const { state } = useLocation()
  const errorMessage = useErrorMessage()
  const form = useAuthForm({ username: '', email: '', password: '', confirmPassword: '' })

  const register = useMutation({
    mutationFn: signUp,
    onSuccess: (_data, { email }) => {
      rememberPendingEmail(email)
      rememberReturnPath(state)
      void navigate(`/email-sent?${new URLSearchParams({ email }).toString()}`)
    },
    onError: (error) =>
      form.fail(errorMessage(error, t('register.error_failed')), fieldsOfServerError(error)),
  })

  const onSubmit = form.handleSubmit((element) => {
    const key = validateRegister(form.values)
    if (key) {
      form.reject(key, t(`register.${key}`, { min: PASSWORD_MIN_LENGTH }), element)
      return
    }
    form.clear()
    register.mutate({
      username: form.values.username.trim(),
      email: form.values.email.trim(),
      password: form.values.password,
    })
  })

  return (
    <AuthCard>
      <WelcomeBonusBanner />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {form.message && (
          <Alert tone="error" id={form.errorId} testId="form-error">
            {form.message}
          </Alert>
        )}
        <TextField
          {...form.field('username')}
          label={t('register.username')}
          hint={t('register.username_hint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          {...form.field('email')}
          label={t('register.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <PasswordField
          {...form.field('password')}
          label={t('register.password')}
          hint={t('register.password_hint', { min: PASSWORD_MIN_LENGTH })}
          toggleLabel={t('register.show_password')}
          autoComplete="new-password"
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label={t('register.confirm_password')}
          toggleLabel={t('register.show_confirm_password')}
          autoComplete="new-password"
        />
        <Button type="submit" variant="accent" size="lg" disabled={register.isPending}>
          <UserPlus aria-hidden="true" className="size-5" />
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('register.have_account')}{' '}
        <Link to="/login" state={state} className={authLinkClasses}>
          {t('register.sign_in_link')}
        </Link>
      </p>
    </AuthCard>
  )
}
