import { ChevronDown, LogOut, UserRound } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { LanguageSwitch } from '#web/components/language-switch'
import { cn } from '#web/lib/cn'
import { signOut } from '#web/lib/session'

export function SignOutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const { t } = useTranslation()
  const [isSigningOut, setIsSigningOut] = useState(false)
  return (
    <button
      type="button"
      disabled={isSigningOut}
      onClick={() => {
        setIsSigningOut(true)
        onDone?.()
        void signOut()
      }}
      className={className}
    >
      <LogOut aria-hidden="true" className="size-4" />
      {isSigningOut ? t('nav.signingOut') : t('nav.signOut')}
    </button>
  )
}

/**
 * The member's account menu on a desktop header (decision 125): a round button that opens the
 * profile (with the whole username), the language switch and sign out. Keeping them out of the
 * header's row is what lets the sections fit on one line from 1024 px. Escape, a click elsewhere or
 * a choice closes it.
 */
export function UserMenu({ username, className }: { username: string; className?: string }) {
  const { t } = useTranslation()
  const [isOpen, setOpen] = useState(false)
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!isOpen) return
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [isOpen])

  const item =
    'flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-sm font-semibold text-fg hover:bg-surface-2'
  return (
    <div
      ref={rootRef}
      className={cn('relative', className)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation()
          setOpen(false)
          buttonRef.current?.focus()
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        data-testid="user-menu"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={t('nav.accountMenu', { username })}
        onClick={() => setOpen((open) => !open)}
        className="inline-flex h-10 items-center gap-1 rounded-full border border-line bg-surface px-2.5 text-fg hover:bg-surface-2"
      >
        <UserRound aria-hidden="true" className="size-4" />
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute top-full right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-line bg-surface p-2 shadow-lg"
      >
        <NavLink
          to="/profile"
          onClick={() => setOpen(false)}
          className={cn(item, 'flex-col items-start justify-center gap-0 py-1.5')}
        >
          <span className="text-xs font-normal text-muted">{t('nav.profile')}</span>
          <span data-testid="header-username" className="[overflow-wrap:anywhere]">
            {username}
          </span>
        </NavLink>
        <div className="flex min-h-11 items-center justify-between gap-3 px-3">
          <span className="text-sm font-semibold text-fg">{t('language.label')}</span>
          <LanguageSwitch />
        </div>
        <SignOutButton className={item} onDone={() => setOpen(false)} />
      </div>
    </div>
  )
}
