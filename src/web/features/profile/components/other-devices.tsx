import { useMutation } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { signOutOtherDevices } from '#web/lib/auth-client'
import { useErrorMessage } from '#web/lib/error-message'

/** "Sign out other devices": every session of the account ends at once but this browser's. */
export function OtherDevices() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const signOut = useMutation({ mutationFn: signOutOtherDevices })

  return (
    <section
      aria-labelledby="other-devices-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div>
        <h2 id="other-devices-title" className="text-lg font-bold text-fg">
          {t('account_security.devices_title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('account_security.devices_body')}</p>
      </div>
      {signOut.isSuccess && (
        <Alert tone="success" testId="other-devices-done">
          {t('account_security.devices_done')}
        </Alert>
      )}
      {signOut.isError && (
        <Alert tone="error" testId="other-devices-error">
          {errorMessage(signOut.error, t('account_security.devices_failed'))}
        </Alert>
      )}
      <div>
        <Button
          variant="secondary"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          data-testid="sign-out-other-devices"
          className="max-w-full py-2 text-center whitespace-normal"
        >
          <LogOut aria-hidden="true" className="size-5" />
          {signOut.isPending
            ? t('account_security.devices_pending')
            : t('account_security.devices_submit')}
        </Button>
      </div>
    </section>
  )
}
