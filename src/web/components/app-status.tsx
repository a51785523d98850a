import { CloudOff, Sparkles } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDateFormat } from '#web/lib/format'
import { useOfflineState } from '#web/lib/offline'
import { takeUpdatedNote } from '#web/lib/service-worker'

const UPDATED_NOTE_MS = 6000

/**
 * The app's own state, at the bottom of every page (docs/product.md "The app on a phone: push notifications, installing, offline"): "offline, data from
 * HH:MM" while there is no connection, and once, after a new version took over, "updated".
 */
export function AppStatus() {
  const { t } = useTranslation()
  const clock = useDateFormat({ timeStyle: 'short' })
  const { isOnline, dataFrom } = useOfflineState()
  const [isUpdated, setUpdated] = useState(takeUpdatedNote)
  useEffect(() => {
    if (!isUpdated) return
    const timer = setTimeout(() => setUpdated(false), UPDATED_NOTE_MS)
    return () => clearTimeout(timer)
  }, [isUpdated])

  const isOffline = !isOnline || dataFrom !== null
  if (!isOffline && !isUpdated) return null
  const time = dataFrom ? clock.format(dataFrom) : null
  return (
    <div
      role="status"
      data-testid={isOffline ? 'offline-note' : 'updated-note'}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm font-semibold text-fg shadow-lg"
    >
      {isOffline ? (
        <CloudOff aria-hidden="true" className="size-5 shrink-0 text-muted" />
      ) : (
        <Sparkles aria-hidden="true" className="size-5 shrink-0 text-brand" />
      )}
      <span>
        {isOffline
          ? time
            ? t('app_status.offline_since', { time })
            : t('app_status.offline')
          : t('app_status.updated')}
      </span>
    </div>
  )
}
