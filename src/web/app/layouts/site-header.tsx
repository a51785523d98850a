import { Coins, LogOut, Menu, UserRound, X } from 'lucide-react'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { buttonClasses, ButtonLink } from '#web/components/ui/button'
import { LanguageSwitch } from '#web/components/language-switch'
import { Logo } from '#web/components/logo'
import { NotificationBell } from '#web/features/notifications/components/notification-bell'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'
import { signOut, useSession, type Session } from '#web/lib/session'

const MEMBER_LINKS = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/tournaments', key: 'nav.tournaments' },
  { to: '/my-brackets', key: 'nav.myBrackets' },
  { to: '/leagues', key: 'nav.leagues' },
  { to: '/leaderboard', key: 'nav.leaderboard' },
] as const

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 text-sm font-semibold transition-colors motion-reduce:transition-none',
    isActive ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
  )

function CoinBalance({ balance }: { balance: number }) {
  const { t } = useTranslation()
  const format = useNumberFormat()
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1.5 text-sm font-bold text-coin">
      <Coins aria-hidden="true" className="size-4" />
      <span className="sr-only">{t('nav.balance')}</span>
      <span data-testid="header-balance">{format.format(balance)}</span>
      <span className="sr-only">{t('nav.coins')}</span>
    </p>
  )
}

function SignOutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
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
 * The public header: visitor (sign in, join now — on every screen width) or member (sections,
 * balance, profile, sign out, in a disclosure menu on small screens) depending on the session,
 * with the EN/ES switch.
 */
export function SiteHeader() {
  const { t } = useTranslation()
  const session = useSession()
  const [isMenuOpen, setIsMenuOpen] = useState(false)
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const isMember = session.status === 'signed-in'

  const closeMenu = () => setIsMenuOpen(false)
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isMenuOpen) {
      setIsMenuOpen(false)
      toggleRef.current?.focus()
    }
  }

  return (
    <header
      // Solid, not translucent: links must keep their contrast over whatever scrolls beneath.
      className="sticky top-0 z-40 border-b border-line bg-canvas"
      onKeyDown={onMenuKeyDown}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to={isMember ? '/dashboard' : '/'}
          aria-label={t('nav.home')}
          className="shrink-0 rounded-lg text-fg"
        >
          {/* On the narrowest phones the mark alone leaves room for the balance or sign-in. */}
          <Logo isCompact />
        </Link>

        {isMember && (
          <nav aria-label={t('nav.main')} className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {MEMBER_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={navLinkClasses}>
                    {t(link.key)}
                  </NavLink>
                </li>
              ))}
              {session.isAdmin && (
                <li>
                  <NavLink to="/admin" className={navLinkClasses}>
                    {t('admin.screens.headerLink')}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
        )}

        <div className="ml-auto flex items-center gap-2">
          <DesktopActions session={session} />
          {session.status === 'visitor' && <GuestPhoneActions />}
          <LanguageSwitch />
          {isMember && (
            <button
              ref={toggleRef}
              type="button"
              aria-expanded={isMenuOpen}
              aria-controls={menuId}
              aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              onClick={() => setIsMenuOpen((open) => !open)}
              className="inline-flex size-10 items-center justify-center rounded-full text-fg hover:bg-surface-2 lg:hidden"
            >
              {isMenuOpen ? (
                <X aria-hidden="true" className="size-5" />
              ) : (
                <Menu aria-hidden="true" className="size-5" />
              )}
            </button>
          )}
        </div>
      </div>

      {isMember && (
        <div id={menuId} hidden={!isMenuOpen} className="border-t border-line bg-surface lg:hidden">
          <MobileMenu session={session} onNavigate={closeMenu} />
        </div>
      )}
    </header>
  )
}

function DesktopActions({ session }: { session: Session }) {
  const { t } = useTranslation()
  if (session.status === 'loading') return null

  if (session.status === 'visitor') {
    return (
      <nav aria-label={t('nav.account')} className="hidden sm:block">
        <ul className="flex items-center gap-2">
          <li>
            <ButtonLink to="/login" variant="ghost" size="sm">
              {t('nav.signIn')}
            </ButtonLink>
          </li>
          <li>
            <ButtonLink to="/register" variant="accent" size="sm">
              {t('nav.joinNow')}
            </ButtonLink>
          </li>
        </ul>
      </nav>
    )
  }

  return (
    <>
      <NotificationBell />
      <CoinBalance balance={session.me.balance} />
      <NavLink
        to="/profile"
        data-testid="header-username"
        className={(state) =>
          cn(navLinkClasses(state), 'hidden items-center gap-1.5 lg:inline-flex')
        }
      >
        <UserRound aria-hidden="true" className="size-4" />
        <span className="max-w-40 truncate">{session.me.user.username}</span>
      </NavLink>
      <div className="hidden lg:block">
        <SignOutButton className={buttonClasses('secondary', 'sm')} />
      </div>
    </>
  )
}

/** Sign in and join on phones, in the header itself (short labels to fit 360 px). */
function GuestPhoneActions() {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('nav.account')} className="sm:hidden">
      <ul className="flex items-center gap-1.5">
        <li>
          <ButtonLink to="/login" variant="ghost" size="sm" className="px-2.5">
            {t('standing.header.sign_in_short')}
          </ButtonLink>
        </li>
        <li>
          <ButtonLink to="/register" variant="accent" size="sm" className="px-3">
            {t('standing.header.join_short')}
          </ButtonLink>
        </li>
      </ul>
    </nav>
  )
}

function MobileMenu({ session, onNavigate }: { session: Session; onNavigate: () => void }) {
  const { t } = useTranslation()
  const itemClasses = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex min-h-11 items-center rounded-xl px-3 text-base font-semibold',
      isActive ? 'bg-surface-2 text-fg' : 'text-fg hover:bg-surface-2',
    )

  if (session.status === 'signed-in') {
    return (
      <nav aria-label={t('nav.mobile')} className="mx-auto max-w-6xl px-4 py-3">
        <ul className="flex flex-col gap-1">
          {MEMBER_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={itemClasses} onClick={onNavigate}>
                {t(link.key)}
              </NavLink>
            </li>
          ))}
          {session.isAdmin && (
            <li>
              <NavLink to="/admin" className={itemClasses} onClick={onNavigate}>
                {t('admin.screens.headerLink')}
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to="/profile" className={itemClasses} onClick={onNavigate}>
              {t('nav.profile')}
              <span className="ml-2 truncate text-sm font-normal text-muted">
                {session.me.user.username}
              </span>
            </NavLink>
          </li>
          <li>
            <SignOutButton
              onDone={onNavigate}
              className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-base font-semibold text-fg hover:bg-surface-2"
            />
          </li>
        </ul>
      </nav>
    )
  }

  return null
}
