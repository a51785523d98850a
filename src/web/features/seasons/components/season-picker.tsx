import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { SeasonSummary } from '#shared/schemas/season'
import { inputClasses } from '#web/components/ui/text-field'

/** Which season a table shows: a labelled select, shown only when there is a choice. */
export function SeasonPicker({
  seasons,
  value,
  onChange,
}: {
  seasons: readonly SeasonSummary[]
  value: string
  onChange: (seasonId: string) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  if (seasons.length < 2) return null
  return (
    <div className="mb-4 max-w-xs">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-fg">
        {t('seasons.choose')}
      </label>
      <select
        id={id}
        data-testid="season-picker"
        className={inputClasses}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {seasons.map((season) => (
          <option key={season.id} value={season.id}>
            {season.isCurrent ? t('seasons.current_option', { name: season.name }) : season.name}
          </option>
        ))}
      </select>
    </div>
  )
}
