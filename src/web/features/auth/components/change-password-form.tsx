import { useMutation } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { ApiError } from '#web/lib/api-client'
import { changePassword } from '#web/lib/auth-client'
import { useErrorMessage } from '#web/lib/error-message'
import { PasswordField } from './password-field'
import { useAuthForm } from '../use-auth-form'
import { PASSWORD_MIN_LENGTH, validateResetPassword } from '../validation'

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' }

/**
 * Current password, new password twice, and "sign out my other devices" (on by default: a new
 * password usually means the old one may be known to someone else). This browser stays signed in.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const form = useAuthForm(EMPTY)
  const [signOutOthers, setSignOutOthers] = useState(true)
  const [formKey, setFormKey] = useState(0)
  const checkboxId = useId()

  const change = useMutation({
    mutationFn: (signOutOtherDevices: boolean) =>
      changePassword({
        currentPassword: form.values.currentPassword,
        newPassword: form.values.password,
        signOutOtherDevices,
      }),
    onSuccess: () => setFormKey((key) => key + 1),
    onError: (error) =>
      form.fail(
        error instanceof ApiError && error.code === 'INVALID_CREDENTIALS'
          ? t('account_security.wrong_current_password')
          : errorMessage(error, t('account_security.change_failed')),
      ),
  })

  const onSubmit = form.handleSubmit((element) => {
    change.reset()
    const key =
      form.values.currentPassword === '' ? 'error_all_fields' : validateResetPassword(form.values)
    if (key) {
      form.reject(key, t(`reset_password.${key}`, { min: PASSWORD_MIN_LENGTH }), element)
      return
    }
    form.clear()
    change.mutate(signOutOthers)
  })

  return (
    <section
      aria-labelledby="change-password-title"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="change-password-title" className="text-lg font-bold text-fg">
        {t('account_security.change_title')}
      </h2>
      <form
        key={formKey}
        noValidate
        onSubmit={onSubmit}
        data-testid="change-password-form"
        className="mt-4 flex max-w-md flex-col gap-4"
      >
        {form.message && (
          <Alert tone="error" id={form.errorId} testId="change-password-error">
            {form.message}
          </Alert>
        )}
        {change.isSuccess && (
          <Alert tone="success" testId="change-password-done">
            {change.variables
              ? t('account_security.changed_signed_out')
              : t('account_security.changed')}
          </Alert>
        )}
        <PasswordField
          {...form.field('currentPassword')}
          label={t('account_security.current_password')}
          toggleLabel={t('account_security.show_current_password')}
          autoComplete="current-password"
        />
        <PasswordField
          {...form.field('password')}
          label={t('reset_password.new_password')}
          toggleLabel={t('reset_password.show_password')}
          autoComplete="new-password"
          hint={t('reset_password.password_hint', { min: PASSWORD_MIN_LENGTH })}
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label={t('reset_password.confirm_password')}
          toggleLabel={t('reset_password.show_confirm_password')}
          autoComplete="new-password"
        />
        <div className="flex items-center gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={signOutOthers}
            onChange={(event) => setSignOutOthers(event.target.checked)}
            className="size-5 accent-brand"
          />
          <label htmlFor={checkboxId} className="text-sm text-fg">
            {t('account_security.sign_out_others_too')}
          </label>
        </div>
        <Button type="submit" variant="primary" disabled={change.isPending}>
          <KeyRound aria-hidden="true" className="size-5" />
          {change.isPending ? t('reset_password.submitting') : t('account_security.change_submit')}
        </Button>
      </form>
    </section>
  )
}
