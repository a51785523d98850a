import { useTranslation } from 'react-i18next'
import { PUSH_KINDS } from '#shared/schemas/preferences'
import { Alert } from '#web/components/ui/alert'
import { Skeleton } from '#web/components/ui/skeleton'
import { ToggleSwitch } from '#web/components/ui/toggle-switch'
import { usePreferences, useSavePreferences } from '#web/lib/account-preferences'
import { useErrorMessage } from '#web/lib/error-message'
import { PushRefusedError, usePushDevice, useSetPushDevice } from '#web/lib/push-device'

/**
 * Notifications (docs/product.md "The app on a phone: push notifications, installing, offline"): push on this device or not, and which kinds of news are
 * pushed — for every device of the fan, beside the mail switches.
 */
export function PushSettings() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const device = usePushDevice()
  const setDevice = useSetPushDevice()
  const preferences = usePreferences()
  const save = useSavePreferences()
  const state = device.data
  const canSwitch = state === 'on' || state === 'off'

  const refusal =
    setDevice.error instanceof PushRefusedError
      ? t(`push_settings.refused.${setDevice.error.reason}`)
      : setDevice.error
        ? errorMessage(setDevice.error, t('push_settings.refused.failed'))
        : null

  return (
    <section
      aria-labelledby="push-settings-title"
      data-testid="push-settings"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div>
        <h2 id="push-settings-title" className="text-lg font-bold text-fg">
          {t('push_settings.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('push_settings.body')}</p>
      </div>
      {device.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : canSwitch ? (
        <ToggleSwitch
          id="push-device"
          label={t('push_settings.device.label')}
          hint={t(`push_settings.device.${state}`)}
          checked={state === 'on'}
          disabled={setDevice.isPending}
          onChange={(on) => setDevice.mutate(on)}
        />
      ) : (
        <Alert tone="info" role="none" testId="push-device-state">
          {t(`push_settings.device.${state ?? 'unsupported'}`)}
        </Alert>
      )}
      {refusal && (
        <Alert tone="error" testId="push-device-error">
          {refusal}
        </Alert>
      )}
      {preferences.data && state !== 'unavailable' && (
        <div>
          <h3 className="text-sm font-semibold text-muted">{t('push_settings.kinds_title')}</h3>
          <ul className="flex flex-col divide-y divide-line">
            {PUSH_KINDS.map((kind) => (
              <li key={kind}>
                <ToggleSwitch
                  id={`push-kind-${kind}`}
                  label={t(`push_settings.kinds.${kind}.label`)}
                  hint={t(`push_settings.kinds.${kind}.hint`)}
                  checked={preferences.data.push[kind]}
                  disabled={save.isPending}
                  onChange={(checked) => save.mutate({ push: { [kind]: checked } })}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      {save.isError && (
        <Alert tone="error">{errorMessage(save.error, t('mail_preferences.save_failed'))}</Alert>
      )}
    </section>
  )
}
