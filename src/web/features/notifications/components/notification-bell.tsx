// The header's bell: an icon button whose name says the unread count ("Notifications, 3 unread"),
// a badge with it, and a popover with the list (on phones as wide as the screen). Escape or a
// click outside closes it and focus returns to the bell.
import { Bell } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNumberFormat } from '#web/lib/format'
import { useUnreadCount } from '../api/notifications'
import { NotificationList } from './notification-list'

const BADGE_MAX = 99

export function NotificationBell() {
  const { t } = useTranslation()
  const numbers = useNumberFormat()
  const [isOpen, setIsOpen] = useState(false)
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const unread = useUnreadCount(true).data ?? 0
  const shown = unread > BADGE_MAX ? `${numbers.format(BADGE_MAX)}+` : numbers.format(unread)
  const label =
    unread === 0 ? t('notifications.bellNone') : t('notifications.bell', { count: unread, shown })

  useEffect(() => {
    if (!isOpen) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [isOpen])

  const close = () => {
    setIsOpen(false)
    buttonRef.current?.focus()
  }

  return (
    <div
      ref={rootRef}
      className="sm:relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation()
          close()
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => setIsOpen((open) => !open)}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-fg hover:bg-surface-2"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs leading-5 font-bold text-on-accent"
          >
            {shown}
          </span>
        )}
      </button>
      {isOpen && (
        <div
          id={panelId}
          role="region"
          aria-label={t('notifications.title')}
          className="absolute inset-x-2 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-surface shadow-lg sm:inset-x-auto sm:right-0 sm:w-96"
        >
          <NotificationList isCompact onNavigate={() => setIsOpen(false)} />
        </div>
      )}
    </div>
  )
}
