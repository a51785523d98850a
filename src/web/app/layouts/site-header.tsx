import { Coins, Menu, X } from 'lucide-react'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router'
import { ButtonLink } from '#web/components/ui/button'
import { LanguageSwitch } from '#web/components/language-switch'
import { Logo } from '#web/components/logo'
import { NotificationBell } from '#web/features/notifications/components/notification-bell'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'
import { useSession, type Session } from '#web/lib/session'
import { SignOutButton, UserMenu } from './user-menu'

const MEMBER_LINKS = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/tournaments', key: 'nav.tournaments' },
  { to: '/my-brackets', key: 'nav.myBrackets' },
  { to: '/leagues', key: 'nav.leagues' },
  { to: '/leaderboard', key: 'nav.leaderboard' },
] as const

/**
 * Pages where a visitor is not offered "sign in" and "join": the e-mail confirmation signs the fan
 * in while it shows, so those calls would flash over its card and give way to the fan's header a
 * moment later; if the confirmation signs nobody in, the page itself offers "sign in".
 */
const NO_GUEST_CALLS = new Set(['/email-confirmation'])

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors motion-reduce:transition-none',
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

/**
 * The public header (decision 125): a visitor's sign in, join now and EN/ES switch at every width;
 * a member's sections inline from 1024 px (a menu button below), then the bell, the balance and the
 * account menu (profile, EN/ES, sign out). Nothing wraps or scrolls sideways from 320 to 1920 px.
 */
export function SiteHeader() {
  const { t } = useTranslation()
  const session = useSession()
  const [isMenuOpen, setIsMenuOpen] = useState(false)
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const isMember = session.status === 'signed-in'
  const { pathname } = useLocation()
  const hasGuestCalls = session.status === 'visitor' && !NO_GUEST_CALLS.has(pathname)

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
          <Logo isCompact isCompactOnLaptop={isMember} />
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
          {hasGuestCalls && <GuestActions className="hidden sm:block" />}
          {hasGuestCalls && <GuestPhoneActions />}
          {isMember && <MemberActions session={session} />}
          {/* A member's language is in the account menu (desktop) or the phone menu. */}
          {!isMember && <LanguageSwitch />}
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

function MemberActions({ session }: { session: Extract<Session, { status: 'signed-in' }> }) {
  return (
    <>
      <NotificationBell />
      <CoinBalance balance={session.me.balance} />
      <UserMenu username={session.me.user.username} className="hidden lg:block" />
    </>
  )
}

/**
 * Sign in and sign up from the header come back to the page they were chosen on (an invite, a
 * shared bracket), across the confirmation mail (decision 107); from the landing page, home.
 */
function useReturnHere(): { from: string } {
  const { pathname, search } = useLocation()
  return { from: `${pathname}${search}` }
}

function GuestActions({ className }: { className: string }) {
  const { t } = useTranslation()
  const state = useReturnHere()
  return (
    <nav aria-label={t('nav.account')} className={className}>
      <ul className="flex items-center gap-2">
        <li>
          <ButtonLink to="/login" state={state} variant="ghost" size="sm">
            {t('nav.signIn')}
          </ButtonLink>
        </li>
        <li>
          <ButtonLink to="/register" state={state} variant="accent" size="sm">
            {t('nav.joinNow')}
          </ButtonLink>
        </li>
      </ul>
    </nav>
  )
}

/** Sign in and join on phones, in the header itself (short labels to fit 360 px). */
function GuestPhoneActions() {
  const { t } = useTranslation()
  const state = useReturnHere()
  return (
    <nav aria-label={t('nav.account')} className="sm:hidden">
      <ul className="flex items-center gap-1.5">
        <li>
          <ButtonLink to="/login" state={state} variant="ghost" size="sm" className="px-2.5">
            {t('standing.header.sign_in_short')}
          </ButtonLink>
        </li>
        <li>
          <ButtonLink to="/register" state={state} variant="accent" size="sm" className="px-3">
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
              <span className="ml-2 min-w-0 text-sm font-normal [overflow-wrap:anywhere] text-muted">
                {session.me.user.username}
              </span>
            </NavLink>
          </li>
          <li className="flex min-h-11 items-center justify-between gap-3 px-3">
            <span className="text-base font-semibold text-fg">{t('language.label')}</span>
            <LanguageSwitch />
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
