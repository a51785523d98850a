import { useQuery } from '@tanstack/react-query'
import { Save } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { AdminTournament, TournamentInput } from '#shared/schemas/admin'
import { allowedStatusTransitions, CREATION_STATUSES } from '#domain/tournament/status-transitions'
import type { TournamentStatus } from '#shared/schemas/tournament'
import { PageContainer } from '#web/components/page-container'
import { Button } from '#web/components/ui/button'
import { TextField } from '#web/components/ui/text-field'
import { useAdminMatches } from '../api/matches'
import {
  adminTournamentQueryOptions,
  createAdminTournament,
  updateAdminTournament,
} from '../api/tournaments'
import {
  NEW_TOURNAMENT_VALUES,
  tournamentToFormValues,
  validateTournamentForm,
  type TournamentFormValues,
} from '../tournament-form-values'
import { useAdminForm } from '../use-admin-form'
import { timeZoneLabel } from '#web/lib/format'
import { DateTimeField } from './date-time-field'
import { EditRecordGate, FormCard, LoadError, LoadingBlock, SelectField } from './admin-ui'

type Values = TournamentFormValues

function TournamentFields({
  id,
  initial,
  statuses,
}: {
  id?: string
  initial: Values
  /** The statuses the server accepts from the saved one (allowedStatusTransitions). */
  statuses: readonly TournamentStatus[]
}) {
  const { t, i18n } = useTranslation()
  const zone = timeZoneLabel(i18n.resolvedLanguage ?? 'es')
  const navigate = useNavigate()
  const isEdit = id !== undefined
  const form = useAdminForm({
    initial,
    save: (input: TournamentInput): Promise<AdminTournament> =>
      id ? updateAdminTournament(id, input) : createAdminTournament(input),
    listPath: '/admin/tournaments',
    failureTitle: (message) =>
      t(isEdit ? 'admin.failed.update_tournament' : 'admin.failed.add_tournament', { message }),
  })
  const { values, setValues } = form

  const set = (name: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }))

  return (
    <FormCard>
      <form
        noValidate
        onSubmit={form.submitWith(() => validateTournamentForm(values))}
        className="flex flex-col gap-5"
      >
        <TextField
          name="name"
          label={t('admin.tournaments.fields.name')}
          value={values.name}
          isInvalid={form.isInvalid('name')}
          onChange={(event) => set('name')(event.target.value)}
          autoComplete="off"
        />
        <SelectField
          name="status"
          label={t('admin.tournaments.fields.status')}
          value={values.status}
          hint={statuses.length === 1 ? t('admin.screens.status.locked') : undefined}
          onChange={(event) => set('status')(event.target.value)}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`admin.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <p data-testid="time-zone" className="-mb-2 text-sm text-muted">
          {t('admin.screens.timeZone', { zone })}
        </p>
        <DateTimeField
          zone={zone}
          name="deadline"
          legend={t('admin.tournaments.fields.deadline')}
          hint={t('admin.tournaments.fields.deadlineHint')}
          date={values.deadlineDate}
          time={values.deadlineTime}
          isInvalid={form.isInvalid('bettingDeadline')}
          onDate={set('deadlineDate')}
          onTime={set('deadlineTime')}
        />
        <DateTimeField
          zone={zone}
          name="start"
          legend={t('admin.tournaments.fields.start')}
          date={values.startDate}
          time={values.startTime}
          isInvalid={form.isInvalid('startDate')}
          onDate={set('startDate')}
          onTime={set('startTime')}
        />
        <DateTimeField
          zone={zone}
          name="end"
          legend={t('admin.tournaments.fields.end')}
          date={values.endDate}
          time={values.endTime}
          isInvalid={form.isInvalid('endDate')}
          onDate={set('endDate')}
          onTime={set('endTime')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="basePool"
            label={t('admin.tournaments.fields.basePool')}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={values.basePool}
            isInvalid={form.isInvalid('basePool')}
            onChange={(event) => set('basePool')(event.target.value)}
          />
          <TextField
            name="entryFee"
            label={t('admin.tournaments.fields.entryFee')}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={values.entryFee}
            isInvalid={form.isInvalid('entryFee')}
            onChange={(event) => set('entryFee')(event.target.value)}
          />
        </div>
        <TextField
          name="multiplier"
          label={t('admin.tournaments.fields.multiplier')}
          hint={t('admin.tournaments.fields.multiplierHint')}
          type="number"
          min={0.1}
          step={0.1}
          inputMode="decimal"
          value={values.multiplier}
          isInvalid={form.isInvalid('multiplier')}
          onChange={(event) => set('multiplier')(event.target.value)}
        />
        <div className="flex items-start gap-3">
          <input
            id="brackets-changeable"
            name="bracketsChangeable"
            type="checkbox"
            checked={values.bracketsChangeable}
            onChange={(event) => {
              const checked = event.target.checked
              setValues((current) => ({ ...current, bracketsChangeable: checked }))
            }}
            aria-describedby="brackets-changeable-hint"
            className="mt-0.5 size-5 shrink-0 accent-brand"
          />
          <div>
            <label htmlFor="brackets-changeable" className="text-sm font-semibold text-fg">
              {t('admin.tournaments.fields.bracketsChangeable')}
            </label>
            <p id="brackets-changeable-hint" className="text-sm text-muted">
              {t('admin.tournaments.fields.bracketsChangeableHint')}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigate('/admin/tournaments')}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={form.isSaving}>
            <Save aria-hidden="true" className="size-4" />
            {form.isSaving
              ? t(isEdit ? 'admin.tournaments.updating' : 'admin.tournaments.creating')
              : t(isEdit ? 'admin.tournaments.update' : 'admin.tournaments.create')}
          </Button>
        </div>
      </form>
      {form.dialogElement}
    </FormCard>
  )
}

function EditTournament({ id }: { id: string }) {
  const query = useQuery(adminTournamentQueryOptions(id))
  const matches = useAdminMatches(id)
  return (
    <EditRecordGate query={query} listPath="/admin/tournaments">
      {(tournament) => {
        if (matches.isPending) return <LoadingBlock />
        if (matches.isError) return <LoadError onRetry={() => void matches.refetch()} />
        const statuses = allowedStatusTransitions(tournament.status, {
          isSettled: tournament.isSettled,
          hasResults: matches.data.matches.some((match) => match.winnerTeamId !== null),
        })
        return (
          <TournamentFields
            key={tournament.id}
            id={tournament.id}
            initial={tournamentToFormValues(tournament)}
            statuses={statuses}
          />
        )
      }}
    </EditRecordGate>
  )
}

/** /admin/tournaments/new and /admin/tournaments/:id/edit */
export function TournamentForm({ id }: { id?: string }) {
  const { t } = useTranslation()
  const title = id ? t('admin.tournaments.edit') : t('admin.tournaments.new')
  return (
    <PageContainer
      width="narrow"
      title={title}
      description={t('admin.tournaments.description')}
      back={{ to: '/admin/tournaments', label: t('admin.tournaments.back') }}
    >
      {id ? (
        <EditTournament id={id} />
      ) : (
        <TournamentFields initial={NEW_TOURNAMENT_VALUES} statuses={CREATION_STATUSES} />
      )}
    </PageContainer>
  )
}
