import { Coins, Crown, Medal, Network, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '#web/lib/cn'

type FeatureKey = 'predictions' | 'mvp' | 'coins' | 'leaderboards'

const FEATURES: ReadonlyArray<{ key: FeatureKey; icon: LucideIcon }> = [
  { key: 'predictions', icon: Network },
  { key: 'mvp', icon: Crown },
  { key: 'coins', icon: Coins },
  { key: 'leaderboards', icon: Medal },
]

export function FeatureGrid() {
  const { t } = useTranslation()
  return (
    <section id="features" aria-labelledby="features-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="features-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            {t('landing.features.title')}
          </h2>
          <p className="mt-3 text-lg text-muted">{t('landing.features.subtitle')}</p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
              <span
                className={cn(
                  'flex size-12 items-center justify-center rounded-xl bg-surface-2',
                  key === 'coins' ? 'text-coin' : 'text-brand',
                )}
              >
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold">{t(`landing.features.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">
                {t(`landing.features.${key}.body`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
