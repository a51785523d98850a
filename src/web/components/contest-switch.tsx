import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { CONTESTS, ContestSchema, type Contest } from '#shared/schemas/contest'
import { cn } from '#web/lib/cn'

/** The contest the page shows, from ?contest= (main when absent or unknown). */
export function useContestParam(): [Contest, (contest: Contest) => void] {
  const [search, setSearch] = useSearchParams()
  const contest = ContestSchema.catch('main').parse(search.get('contest') ?? 'main')
  const choose = (next: Contest) =>
    setSearch(
      (params) => {
        if (next === 'main') params.delete('contest')
        else params.set('contest', next)
        // Another contest is another ranking: it starts at its first page.
        params.delete('page')
        return params
      },
      { replace: true },
    )
  return [contest, choose]
}

/**
 * Main bracket / second chance, for a tournament that has a second chance (docs/product.md,
 * second chance for fans): two toggle buttons, the chosen one pressed; the choice lives in the URL.
 */
export function ContestSwitch({
  value,
  onChange,
  className,
}: {
  value: Contest
  onChange: (contest: Contest) => void
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <div
      role="group"
      aria-label={t('contest.label')}
      data-testid="contest-switch"
      className={cn('inline-flex flex-wrap gap-1 rounded-full bg-surface-2 p-1', className)}
    >
      {CONTESTS.map((contest) => (
        <button
          key={contest}
          type="button"
          aria-pressed={value === contest}
          data-contest={contest}
          onClick={() => onChange(contest)}
          className={cn(
            'min-h-11 rounded-full px-4 text-sm font-semibold',
            value === contest ? 'bg-brand-solid text-surface' : 'text-fg hover:bg-surface',
          )}
        >
          {t(`contest.${contest}`)}
        </button>
      ))}
    </div>
  )
}
