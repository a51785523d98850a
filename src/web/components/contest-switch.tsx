import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { CONTESTS, ContestSchema, type Contest } from '#shared/schemas/contest'
import { SegmentedControl } from './ui/segmented-control'

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
    <SegmentedControl
      label={t('contest.label')}
      options={CONTESTS.map((contest) => ({ value: contest, label: t(`contest.${contest}`) }))}
      value={value}
      onChange={onChange}
      testId="contest-switch"
      className={className}
    />
  )
}
