import { ArrowRight, ListChecks, Medal, Trophy, UserRound, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

const ACTIONS = [
  { to: '/tournaments', icon: Trophy, key: 'dashboard.quick_tournaments' },
  { to: '/my-brackets', icon: ListChecks, key: 'dashboard.quick_my_brackets' },
  { to: '/leagues', icon: Users, key: 'dashboard.quick_leagues' },
  { to: '/leaderboard', icon: Medal, key: 'dashboard.quick_leaderboard' },
  { to: '/profile', icon: UserRound, key: 'dashboard.quick_profile' },
] as const

/** Shortcuts to the tournaments, the fan's brackets and leagues, the leaderboard and the profile. */
export function QuickActions() {
  const { t } = useTranslation()
  return (
    <nav aria-labelledby="dashboard-quick-title">
      <h2 id="dashboard-quick-title" className="mb-3 text-lg font-bold text-fg">
        {t('dashboard.quick_title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ACTIONS.map(({ to, icon: Icon, key }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-14 items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3 font-semibold text-fg transition-colors hover:bg-surface-2 motion-reduce:transition-none"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-2 text-brand">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">{t(key)}</span>
              <ArrowRight aria-hidden="true" className="size-4 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
