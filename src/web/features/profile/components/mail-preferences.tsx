import { useTranslation } from 'react-i18next'
import { MAIL_KINDS } from '#shared/schemas/preferences'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { ToggleSwitch } from '#web/components/ui/toggle-switch'
import { usePreferences, useSavePreferences } from '#web/lib/account-preferences'
import { useErrorMessage } from '#web/lib/error-message'
import { deviceTimeZone, timeZoneLabel } from '#web/lib/format'

/**
 * Which mails the fan gets (docs/product.md "Mail preferences, unsubscribing and deadline
 * reminders"): one switch per kind of non-essential mail, saved as it is flipped; the language
 * and time zone mails are written in. Account mails (confirmation, password reset) always come.
 */
export function MailPreferences() {
  const { t } = useTranslation()
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'es'
  const errorMessage = useErrorMessage()
  const preferences = usePreferences()
  const save = useSavePreferences()
  const deviceZone = deviceTimeZone()

  return (
    <section
      aria-labelledby="mail-preferences-title"
      data-testid="mail-preferences"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div>
        <h2 id="mail-preferences-title" className="text-lg font-bold text-fg">
          {t('mail_preferences.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('mail_preferences.body')}</p>
      </div>
      {preferences.isPending && (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">{t('mail_preferences.loading')}</span>
          {MAIL_KINDS.map((kind) => (
            <Skeleton key={kind} className="h-12 w-full" />
          ))}
        </div>
      )}
      {preferences.isError && (
        <Alert tone="error">
          {t('mail_preferences.load_failed')}
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => void preferences.refetch()}
          >
            {t('common.tryAgain')}
          </Button>
        </Alert>
      )}
      {preferences.data && (
        <>
          <ul className="flex flex-col divide-y divide-line">
            {MAIL_KINDS.map((kind) => (
              <li key={kind}>
                <ToggleSwitch
                  id={`mail-kind-${kind}`}
                  label={t(`mail_preferences.kinds.${kind}.label`)}
                  hint={t(`mail_preferences.kinds.${kind}.hint`)}
                  checked={preferences.data[kind]}
                  disabled={save.isPending}
                  onChange={(checked) => save.mutate({ [kind]: checked })}
                />
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">
            {t('mail_preferences.language', {
              language: t(`language.${preferences.data.locale}`),
            })}{' '}
            {t('mail_preferences.time_zone', {
              zone: preferences.data.timeZone
                ? timeZoneLabel(language, new Date(), preferences.data.timeZone)
                : 'UTC',
            })}
          </p>
          {preferences.data.timeZone !== deviceZone && (
            <div>
              <Button
                variant="secondary"
                size="sm"
                disabled={save.isPending}
                onClick={() => save.mutate({ timeZone: deviceZone })}
                data-testid="use-device-time-zone"
                className="max-w-full py-2 text-center whitespace-normal"
              >
                {t('mail_preferences.use_device_zone', { zone: deviceZone })}
              </Button>
            </div>
          )}
        </>
      )}
      {save.isSuccess && (
        <Alert tone="success" role="status" testId="mail-preferences-saved">
          {t('mail_preferences.saved')}
        </Alert>
      )}
      {save.isError && (
        <Alert tone="error" testId="mail-preferences-error">
          {errorMessage(save.error, t('mail_preferences.save_failed'))}
        </Alert>
      )}
    </section>
  )
}
