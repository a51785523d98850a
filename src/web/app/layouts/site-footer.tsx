import { AtSign, Camera, Play, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Logo } from '#web/components/logo'

const YEAR = new Date().getFullYear()

const QUICK_LINKS = [
  { to: '/tournaments', key: 'footer.tournaments' },
  { to: '/leaderboard', key: 'footer.leaderboard' },
  // /about, not the landing page: a signed-in fan is sent from the landing page to the dashboard.
  { to: '/about#how-it-works', key: 'footer.howItWorks' },
  { to: '/about#features', key: 'footer.features' },
] as const

const SUPPORT_ITEMS = ['footer.help', 'footer.contact', 'footer.privacy', 'footer.terms'] as const

const SOCIAL: ReadonlyArray<{
  key: 'footer.instagram' | 'footer.x' | 'footer.youtube'
  icon: LucideIcon
}> = [
  { key: 'footer.instagram', icon: Camera },
  { key: 'footer.x', icon: AtSign },
  { key: 'footer.youtube', icon: Play },
]

const headingClasses = 'text-sm font-bold tracking-wide text-fg uppercase'

/**
 * Quick links go to real pages and landing sections. Support pages and social channels do not
 * exist yet, so they are shown as plain text and icons, never as links that lead nowhere.
 */
export function SiteFooter() {
  const { t } = useTranslation()

  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <Logo className="text-fg" />
          <p className="mt-3 text-sm text-muted">{t('footer.tagline')}</p>
        </div>

        <nav aria-label={t('footer.quickLinks')}>
          <h2 className={headingClasses}>{t('footer.quickLinks')}</h2>
          <ul className="mt-4 space-y-1">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-8 items-center text-sm text-muted underline-offset-4 hover:text-fg hover:underline"
                >
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClasses}>{t('footer.support')}</h2>
          <ul className="mt-4 space-y-1">
            {SUPPORT_ITEMS.map((key) => (
              <li key={key} className="flex min-h-8 items-center text-sm text-muted">
                {t(key)}
              </li>
            ))}
          </ul>
        </div>

        <div className="col-span-2 lg:col-span-1">
          <h2 className={headingClasses}>{t('footer.social')}</h2>
          <ul className="mt-4 flex gap-2">
            {SOCIAL.map(({ key, icon: Icon }) => (
              <li key={key}>
                <span
                  role="img"
                  aria-label={t(key)}
                  title={t(key)}
                  className="flex size-10 items-center justify-center rounded-full border border-line text-muted"
                >
                  <Icon aria-hidden="true" className="size-4" />
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-muted">{t('footer.placeholderNote')}</p>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted sm:px-6">
          {t('footer.rights', { year: YEAR })}
        </p>
      </div>
    </footer>
  )
}
