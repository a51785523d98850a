import { Smartphone } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button'
import { useInstallOffer } from '#web/lib/install-offer'

const DISMISSED_KEY = 'golden-point:install-offer-dismissed'

/**
 * "Golden Point on your home screen": the browser's install prompt behind a button, or the iOS
 * steps. Nothing when the app is installed or the browser cannot install it. `dismissible`
 * places (the dashboard after a first bracket) remember a "not now" on this device.
 */
export function InstallAppCard({ dismissible = false }: { dismissible?: boolean }) {
  const { t } = useTranslation()
  const offer = useInstallOffer()
  const [isDismissed, setDismissed] = useState(
    () => dismissible && localStorage.getItem(DISMISSED_KEY) === '1',
  )
  if (offer.kind === 'none' || isDismissed) return null
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1')
    setDismissed(true)
  }
  return (
    <section
      aria-labelledby="install-app-title"
      data-testid="install-app"
      className="flex items-start gap-4 rounded-2xl border border-line bg-surface p-5"
    >
      <Smartphone aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
      <div className="flex min-w-0 flex-col gap-3">
        <div>
          <h2 id="install-app-title" className="font-bold text-fg">
            {t('install_app.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {offer.kind === 'ios' ? t('install_app.ios_steps') : t('install_app.body')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {offer.kind === 'prompt' && (
            <Button size="sm" onClick={() => void offer.install()} data-testid="install-app-button">
              {t('install_app.install')}
            </Button>
          )}
          {dismissible && (
            <Button size="sm" variant="ghost" onClick={dismiss}>
              {t('install_app.not_now')}
            </Button>
          )}
        </div>
      </div>
    </section>
  )
}
