import { CalendarRange, Plus, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CreateSeasonInputSchema, type AdminSeason } from '#shared/schemas/season'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Badge } from '#web/components/ui/status-badge'
import { TextField } from '#web/components/ui/text-field'
import { useErrorMessage } from '#web/lib/error-message'
import { useNumberFormat } from '#web/lib/format'
import {
  useAddSeasonTournament,
  useAdminSeasons,
  useCreateSeason,
  useRemoveSeasonTournament,
} from '../api/seasons'
import { useAdminTournaments } from '../api/tournaments'
import { LoadError, LoadingBlock, SelectField } from './admin-ui'

/** /admin/seasons: create a season, then put tournaments in it or take them out. */
export function SeasonsAdmin() {
  const { t } = useTranslation()
  const seasons = useAdminSeasons()
  let body
  if (seasons.isPending) body = <LoadingBlock />
  else if (seasons.isError) body = <LoadError onRetry={() => void seasons.refetch()} />
  else if (seasons.data.seasons.length === 0)
    body = <EmptyState icon={CalendarRange}>{t('admin_seasons.empty')}</EmptyState>
  else
    body = (
      <ul className="flex flex-col gap-4" data-testid="admin-seasons">
        {seasons.data.seasons.map((season) => (
          <li key={season.id}>
            <SeasonCard season={season} />
          </li>
        ))}
      </ul>
    )
  return (
    <PageContainer title={t('admin_seasons.title')} description={t('admin_seasons.description')}>
      <div className="flex flex-col gap-8">
        <CreateSeasonForm />
        {body}
      </div>
    </PageContainer>
  )
}

function CreateSeasonForm() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const create = useCreateSeason()
  const [isInvalid, setIsInvalid] = useState(false)
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const parsed = CreateSeasonInputSchema.safeParse({
      name: data.get('name'),
      startsOn: data.get('startsOn'),
      endsOn: data.get('endsOn'),
    })
    setIsInvalid(!parsed.success)
    if (parsed.success) create.mutate(parsed.data, { onSuccess: () => form.reset() })
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="create-season"
      aria-labelledby="create-season-title"
      className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-3 sm:p-6"
    >
      <h2 id="create-season-title" className="text-lg font-bold text-fg sm:col-span-3">
        {t('admin_seasons.create_title')}
      </h2>
      <TextField name="name" label={t('admin_seasons.name')} required className="sm:col-span-3" />
      <TextField name="startsOn" type="date" label={t('admin_seasons.starts_on')} required />
      <TextField name="endsOn" type="date" label={t('admin_seasons.ends_on')} required />
      <div className="flex items-end">
        <Button type="submit" variant="accent" disabled={create.isPending}>
          <Plus aria-hidden="true" className="size-4" />
          {t('admin_seasons.create')}
        </Button>
      </div>
      <div role="status" className="text-sm sm:col-span-3" data-testid="create-season-status">
        {isInvalid && <span className="text-danger">{t('admin_seasons.invalid')}</span>}
        {create.isError && (
          <span className="text-danger">
            {errorMessage(create.error, t('admin_seasons.failed'))}
          </span>
        )}
        {create.isSuccess && !isInvalid && t('admin_seasons.created')}
      </div>
    </form>
  )
}

function SeasonCard({ season }: { season: AdminSeason }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const errorMessage = useErrorMessage()
  const tournaments = useAdminTournaments()
  const add = useAddSeasonTournament(season.id)
  const remove = useRemoveSeasonTournament(season.id)
  const [chosen, setChosen] = useState('')
  const inSeason = new Set(season.tournamentList.map((tournament) => tournament.tournamentId))
  const candidates = (tournaments.data?.tournaments ?? []).filter((item) => !inSeason.has(item.id))
  const failure = add.error ?? remove.error
  const headingId = `season-${season.id}`
  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-season"
      data-season-name={season.name}
      className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold break-words text-fg">
          {season.name}
        </h2>
        {season.isCurrent && <Badge tone="brand">{t('admin_seasons.current')}</Badge>}
      </div>
      <p className="mt-1 text-sm text-muted">
        {t('admin_seasons.summary', {
          from: season.startsOn,
          to: season.endsOn,
          counted: number.format(season.counted),
          tournaments: number.format(season.tournaments),
          fans: number.format(season.fans),
        })}
      </p>
      {season.tournamentList.length > 0 && (
        <ul
          className="mt-3 flex flex-col divide-y divide-line"
          aria-label={t('admin_seasons.in_season')}
        >
          {season.tournamentList.map((tournament) => (
            <li
              key={tournament.tournamentId}
              data-testid="admin-season-tournament"
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="min-w-0 text-sm font-semibold break-words text-fg">
                {tournament.name}
                {tournament.step !== null && (
                  <span className="ml-2 font-normal text-muted">{t('admin_seasons.counted')}</span>
                )}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                aria-label={t('admin_seasons.remove_named', { name: tournament.name })}
                onClick={() => remove.mutate(tournament.tournamentId)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('admin_seasons.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (chosen) add.mutate(chosen, { onSuccess: () => setChosen('') })
        }}
      >
        <SelectField
          label={t('admin_seasons.add_label')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          className="min-w-0 flex-1 sm:max-w-sm"
          data-testid="admin-season-add-select"
        >
          <option value="">{t('admin_seasons.add_placeholder')}</option>
          {candidates.map((tournament) => (
            <option key={tournament.id} value={tournament.id}>
              {tournament.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" disabled={!chosen || add.isPending}>
          {t('admin_seasons.add')}
        </Button>
      </form>
      {failure && (
        <Alert tone="error" className="mt-3" testId="admin-season-error">
          {errorMessage(failure, t('admin_seasons.failed'))}
        </Alert>
      )}
    </article>
  )
}
