import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Save } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { AdminTournament, TournamentInput } from '../../../../shared/schemas/admin'
import type { TournamentStatus } from '../../../../shared/schemas/tournament'
import { PageContainer } from '../../../components/page-container'
import { Button } from '../../../components/ui/button'
import { TextField, inputClasses } from '../../../components/ui/text-field'
import { useAdminMessages } from '../admin-messages'
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
} from '../form-validation'
import { useAdminDialog } from './admin-dialog'
import { EditRecordGate, FormCard, SelectField } from './admin-ui'

type Values = TournamentFormValues
const FORM_STATUSES: TournamentStatus[] = ['upcoming', 'active', 'completed']

/** A date input and a time input under one legend ("Start Date & Time *"). */
function DateTimeField({
  legend,
  hint,
  date,
  time,
  isInvalid,
  onDate,
  onTime,
  name,
}: {
  legend: string
  hint?: string
  date: string
  time: string
  isInvalid: boolean
  onDate: (value: string) => void
  onTime: (value: string) => void
  name: string
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-fg">{legend}</legend>
      <div className="grid gap-2 min-[400px]:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <label htmlFor={`${id}-date`} className="sr-only">
            {`${legend} — ${t('admin.tournaments.fields.date')}`}
          </label>
          <input
            id={`${id}-date`}
            name={`${name}Date`}
            type="date"
            value={date}
            aria-invalid={isInvalid || undefined}
            onChange={(event) => onDate(event.target.value)}
            className={inputClasses}
          />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="sr-only">
            {`${legend} — ${t('admin.tournaments.fields.time')}`}
          </label>
          <input
            id={`${id}-time`}
            name={`${name}Time`}
            type="time"
            value={time}
            aria-invalid={isInvalid || undefined}
            onChange={(event) => onTime(event.target.value)}
            className={inputClasses}
          />
        </div>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
    </fieldset>
  )
}

function TournamentFields({ id, initial }: { id?: string; initial: Values }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const dialog = useAdminDialog()
  const messages = useAdminMessages()
  const [values, setValues] = useState(initial)
  const [invalid, setInvalid] = useState<readonly string[]>([])
  const isEdit = id !== undefined

  const save = useMutation({
    mutationFn: (input: TournamentInput): Promise<AdminTournament> =>
      id ? updateAdminTournament(id, input) : createAdminTournament(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      await navigate('/admin/tournaments')
    },
    onError: (error) =>
      dialog.showMessage({
        title: t(isEdit ? 'admin.failed.update_tournament' : 'admin.failed.add_tournament', {
          message: messages.requestFailure(error),
        }),
      }),
  })

  const set = (name: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }))

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const result = validateTournamentForm(values)
    if (!result.ok) {
      setInvalid(result.errors.map((error) => error.field))
      void dialog.showMessage({
        title: t('admin.dialog.fixErrors'),
        items: messages.validationMessages(result.errors),
      })
      return
    }
    setInvalid([])
    save.mutate(result.data)
  }

  const statuses = FORM_STATUSES.includes(values.status)
    ? FORM_STATUSES
    : [...FORM_STATUSES, values.status]

  return (
    <FormCard>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          name="name"
          label={t('admin.tournaments.fields.name')}
          value={values.name}
          isInvalid={invalid.includes('name')}
          onChange={(event) => set('name')(event.target.value)}
          autoComplete="off"
        />
        <SelectField
          name="status"
          label={t('admin.tournaments.fields.status')}
          value={values.status}
          onChange={(event) => set('status')(event.target.value)}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`admin.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <DateTimeField
          name="deadline"
          legend={t('admin.tournaments.fields.deadline')}
          hint={t('admin.tournaments.fields.deadlineHint')}
          date={values.deadlineDate}
          time={values.deadlineTime}
          isInvalid={invalid.includes('bettingDeadline')}
          onDate={set('deadlineDate')}
          onTime={set('deadlineTime')}
        />
        <DateTimeField
          name="start"
          legend={t('admin.tournaments.fields.start')}
          date={values.startDate}
          time={values.startTime}
          isInvalid={invalid.includes('startDate')}
          onDate={set('startDate')}
          onTime={set('startTime')}
        />
        <DateTimeField
          name="end"
          legend={t('admin.tournaments.fields.end')}
          date={values.endDate}
          time={values.endTime}
          isInvalid={invalid.includes('endDate')}
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
            isInvalid={invalid.includes('basePool')}
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
            isInvalid={invalid.includes('entryFee')}
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
          isInvalid={invalid.includes('multiplier')}
          onChange={(event) => set('multiplier')(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigate('/admin/tournaments')}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            <Save aria-hidden="true" className="size-4" />
            {save.isPending
              ? t(isEdit ? 'admin.tournaments.updating' : 'admin.tournaments.creating')
              : t(isEdit ? 'admin.tournaments.update' : 'admin.tournaments.create')}
          </Button>
        </div>
      </form>
      {dialog.element}
    </FormCard>
  )
}

function EditTournament({ id }: { id: string }) {
  const query = useQuery(adminTournamentQueryOptions(id))
  return (
    <EditRecordGate query={query} listPath="/admin/tournaments">
      {(tournament) => (
        <TournamentFields
          key={tournament.id}
          id={tournament.id}
          initial={tournamentToFormValues(tournament)}
        />
      )}
    </EditRecordGate>
  )
}

/** /admin/tournaments/new and /admin/tournaments/:id/edit */
export function TournamentForm({ id }: { id?: string }) {
  const { t } = useTranslation()
  const title = id ? t('admin.tournaments.edit') : t('admin.tournaments.new')
  return (
    <PageContainer width="narrow" title={title} description={t('admin.tournaments.description')}>
      {id ? <EditTournament id={id} /> : <TournamentFields initial={NEW_TOURNAMENT_VALUES} />}
    </PageContainer>
  )
}
