import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useAdminTournaments } from '../api/tournaments'
import { SelectField } from './admin-ui'

/** The list's tournament filter, kept in ?tournament= so a reload or Back keeps the choice. */
export function useTournamentFilter(): [string, (id: string) => void] {
  const [params, setParams] = useSearchParams()
  const value = params.get('tournament') ?? ''
  const setValue = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (id === '') next.delete('tournament')
        else next.set('tournament', id)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  return [value, setValue]
}

/** "Tournament" with 'All' plus each tournament. */
export function TournamentFilter({
  value,
  onChange,
  label,
  allLabel,
}: {
  value: string
  onChange: (id: string) => void
  label: string
  allLabel: string
}) {
  const { t } = useTranslation()
  const tournaments = useAdminTournaments()
  return (
    <SelectField
      label={label}
      value={value}
      disabled={tournaments.isPending}
      onChange={(event) => onChange(event.target.value)}
      className="mb-4 max-w-sm"
    >
      <option value="">{allLabel}</option>
      {(tournaments.data?.tournaments ?? []).map((tournament) => (
        <option key={tournament.id} value={tournament.id}>
          {tournament.name}
        </option>
      ))}
      {tournaments.isError && <option disabled>{t('admin.common.loadError')}</option>}
    </SelectField>
  )
}
