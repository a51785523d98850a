import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { inputClasses } from '#web/components/ui/text-field'
import { useMyLeagues } from '../api/leagues'

/**
 * A select of the fan's leagues that narrows a tournament's standings to one of them. Hidden
 * while the fan has no league; a failed list simply leaves the standings whole.
 */
export function LeagueFilter({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (leagueId: string | undefined) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const leagues = useMyLeagues()
  const list = leagues.data?.leagues ?? []
  if (list.length === 0 && value === undefined) return null
  return (
    <div className="mb-4 max-w-sm" data-testid="league-filter">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-fg">
        {t('leagues.filter_label')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={inputClasses}
      >
        <option value="">{t('leagues.filter_everyone')}</option>
        {list.map((league) => (
          <option key={league.id} value={league.id}>
            {league.name}
          </option>
        ))}
        {value !== undefined && !list.some((league) => league.id === value) && (
          <option value={value}>{t('leagues.filter_unknown')}</option>
        )}
      </select>
    </div>
  )
}
