import {
  CalendarRange,
  ChevronDown,
  House,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  ScrollText,
  Settings,
  Swords,
  Trophy,
  UserRound,
  Users,
  UsersRound,
  Wallet,
  X,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet } from 'react-router'
import { LanguageSwitch } from '#web/components/language-switch'
import { Logo } from '#web/components/logo'
import { SkipLink } from '#web/components/ui/skip-link'
import { cn } from '#web/lib/cn'
import { MAIN_CONTENT_ID } from './root-layout'

interface AdminLink {
  to: string
  key:
    | 'admin.nav.dashboard'
    | 'admin.nav.tournaments'
    | 'admin_seasons.nav'
    | 'admin.nav.teams'
    | 'admin.nav.matches'
    | 'admin.nav.players'
    | 'admin.nav.users'
    | 'admin.nav.wallets'
    | 'admin.nav.audit'
    | 'admin.nav.mailOutbox'
    | 'admin.nav.settings'
  icon: LucideIcon
  end?: boolean
}

const MANAGEMENT: AdminLink[] = [
  { to: '/admin/tournaments', key: 'admin.nav.tournaments', icon: Trophy },
  { to: '/admin/seasons', key: 'admin_seasons.nav', icon: CalendarRange },
  { to: '/admin/teams', key: 'admin.nav.teams', icon: UsersRound },
  { to: '/admin/matches', key: 'admin.nav.matches', icon: Swords },
  { to: '/admin/players', key: 'admin.nav.players', icon: UserRound },
]

const ACCOUNTS: AdminLink[] = [
  { to: '/admin/users', key: 'admin.nav.users', icon: Users },
  { to: '/admin/wallets', key: 'admin.nav.wallets', icon: Wallet },
  { to: '/admin/audit', key: 'admin.nav.audit', icon: ScrollText },
  { to: '/admin/mail-outbox', key: 'admin.nav.mailOutbox', icon: Mail },
  { to: '/admin/settings', key: 'admin.nav.settings', icon: Settings },
]

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-10 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition-colors motion-reduce:transition-none',
    isActive ? 'bg-brand-solid text-on-brand' : 'text-muted hover:bg-surface-2 hover:text-fg',
  )

function SidebarLink({ link, onNavigate }: { link: AdminLink; onNavigate: () => void }) {
  const { t } = useTranslation()
  const Icon = link.icon
  return (
    <li>
      <NavLink to={link.to} end={link.end} className={itemClasses} onClick={onNavigate}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {t(link.key)}
      </NavLink>
    </li>
  )
}

/**
 * The admin area's own frame, without the public header and footer: a sidebar (fixed on large
 * screens, sliding in from the left on small ones) with a collapsible Management group.
 */
export function AdminLayout() {
  const { t } = useTranslation()
  const [isSidebarOpen, setIsSidebarOpen] = useState(false)
  const [isManagementOpen, setIsManagementOpen] = useState(true)
  const sidebarId = useId()
  const managementId = useId()
  const openButtonRef = useRef<HTMLButtonElement>(null)
  const closeButtonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (isSidebarOpen) closeButtonRef.current?.focus()
  }, [isSidebarOpen])

  const closeSidebar = () => setIsSidebarOpen(false)
  const closeSidebarAndReturnFocus = () => {
    setIsSidebarOpen(false)
    openButtonRef.current?.focus()
  }
  const onSidebarKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isSidebarOpen) closeSidebarAndReturnFocus()
  }

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipLink targetId={MAIN_CONTENT_ID} label={t('skipLink')} />

      {isSidebarOpen && (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-40 bg-glass-950/50 lg:hidden"
          onClick={closeSidebar}
        />
      )}

      <aside
        id={sidebarId}
        onKeyDown={onSidebarKeyDown}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-line bg-surface',
          'duration-200 motion-reduce:transition-none',
          'lg:sticky lg:top-0 lg:visible lg:z-auto lg:h-dvh lg:w-auto lg:max-w-none lg:translate-x-0',
          // Opening shows the panel at once (visibility is not animated), so the effect below can
          // move focus into it; closing keeps it visible until the slide-out ends.
          isSidebarOpen
            ? 'visible translate-x-0 transition-transform'
            : 'invisible -translate-x-full transition-[transform,visibility]',
        )}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-line px-4">
          <Link
            to="/admin"
            aria-label={t('admin.title')}
            className="rounded-lg text-fg"
            onClick={closeSidebar}
          >
            <Logo />
          </Link>
          <button
            ref={closeButtonRef}
            type="button"
            aria-label={t('admin.closeSidebar')}
            onClick={closeSidebarAndReturnFocus}
            className="inline-flex size-10 items-center justify-center rounded-full text-fg hover:bg-surface-2 lg:hidden"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>

        <nav aria-label={t('admin.navLabel')} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            <SidebarLink
              link={{ to: '/admin', key: 'admin.nav.dashboard', icon: LayoutDashboard, end: true }}
              onNavigate={closeSidebar}
            />
            <li>
              <button
                type="button"
                aria-expanded={isManagementOpen}
                aria-controls={managementId}
                onClick={() => setIsManagementOpen((open) => !open)}
                className="mt-2 flex min-h-10 w-full items-center justify-between rounded-xl px-3 text-xs font-bold tracking-wide text-muted uppercase hover:bg-surface-2 hover:text-fg"
              >
                {t('admin.nav.management')}
                <ChevronDown
                  aria-hidden="true"
                  className={cn(
                    'size-4 transition-transform motion-reduce:transition-none',
                    isManagementOpen ? 'rotate-180' : '',
                  )}
                />
              </button>
              <ul
                id={managementId}
                hidden={!isManagementOpen}
                className="mt-1 flex flex-col gap-1 pl-2"
              >
                {MANAGEMENT.map((link) => (
                  <SidebarLink key={link.to} link={link} onNavigate={closeSidebar} />
                ))}
              </ul>
            </li>
            <li aria-hidden="true" className="my-2 border-t border-line" />
            {ACCOUNTS.map((link) => (
              <SidebarLink key={link.to} link={link} onNavigate={closeSidebar} />
            ))}
            <li>
              <Link to="/admin/logout" className={itemClasses({ isActive: false })}>
                <LogOut aria-hidden="true" className="size-4 shrink-0" />
                {t('admin.nav.logout')}
              </Link>
            </li>
          </ul>
        </nav>
      </aside>

      <div className="flex min-h-dvh min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line bg-canvas/90 px-4 backdrop-blur sm:px-6">
          <button
            ref={openButtonRef}
            type="button"
            aria-label={t('admin.openSidebar')}
            aria-expanded={isSidebarOpen}
            aria-controls={sidebarId}
            onClick={() => setIsSidebarOpen(true)}
            className="inline-flex size-10 items-center justify-center rounded-full text-fg hover:bg-surface-2 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
          <p className="truncate text-sm font-bold tracking-wide text-muted uppercase">
            {t('admin.title')}
          </p>
          <div className="ml-auto flex items-center gap-2">
            <Link
              to="/"
              className="hidden items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-brand hover:bg-surface-2 sm:inline-flex"
            >
              {t('admin.viewSite')}
              <House aria-hidden="true" className="size-4" />
            </Link>
            <LanguageSwitch />
          </div>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
