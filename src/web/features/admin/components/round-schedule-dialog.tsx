import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminMatch } from '#shared/schemas/admin'
import { COURT_MAX_LENGTH } from '#shared/schemas/schedule'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { inputClasses } from '#web/components/ui/text-field'
import { Modal } from '#web/components/ui/modal'
import { timeZoneLabel } from '#web/lib/format'
import { useAdminMessages } from '../admin-messages'
import { setAdminSchedule } from '../api/matches'
import { toIsoDateTime } from '../form-date-time'
import { scheduleFormValues } from './match-schedule-fields'

interface RowValues {
  date: string
  time: string
  court: string
}

/** One input of a match's row, with its own visible label (the row is read on a phone). */
function RowInput({
  label,
  srSuffix,
  type,
  value,
  isInvalid,
  onValue,
}: {
  label: string
  /** Read after the label by screen readers only (the zone, shown once above the rows). */
  srSuffix?: string
  type: 'date' | 'time' | 'text'
  value: string
  isInvalid?: boolean
  onValue: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-muted">
        {label}
        {srSuffix && <span className="sr-only"> {srSuffix}</span>}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={type === 'text' ? COURT_MAX_LENGTH : undefined}
        aria-invalid={isInvalid || undefined}
        onChange={(event) => onValue(event.target.value)}
        className={inputClasses}
      />
    </div>
  )
}

/**
 * The order of play of one round in one form (docs/decisions/141): a start time (this device's
 * zone) and a court per match, saved together through the bulk schedule route, all or none.
 */
export function RoundScheduleDialog({
  tournamentId,
  title,
  matches,
  onClose,
}: {
  tournamentId: string
  /** "Quarterfinals — Open de Madrid". */
  title: string
  matches: readonly AdminMatch[]
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const queryClient = useQueryClient()
  const messages = useAdminMessages()
  const zone = timeZoneLabel(i18n.resolvedLanguage ?? 'es')
  const [rows, setRows] = useState<Record<string, RowValues>>(() =>
    Object.fromEntries(
      matches.map((match) => {
        const values = scheduleFormValues(match)
        return [
          match.id,
          { date: values.startsAtDate, time: values.startsAtTime, court: values.court },
        ]
      }),
    ),
  )
  const [problem, setProblem] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const [isSaved, setIsSaved] = useState(false)
  // A time without its date would be dropped silently; it is asked for instead.
  const undated = matches.filter((match) => rows[match.id]!.time !== '' && !rows[match.id]!.date)

  const change = (id: string, patch: Partial<RowValues>) => {
    setRows((current) => ({ ...current, [id]: { ...current[id]!, ...patch } }))
    setIsSaved(false)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSaving) return
    if (undated.length > 0) {
      setProblem(t('order_of_play.admin.bulk.date_missing', { number: undated[0]!.matchNumber }))
      return
    }
    setProblem(null)
    setIsSaving(true)
    try {
      await setAdminSchedule(tournamentId, {
        matches: matches.map((match) => {
          const row = rows[match.id]!
          return {
            matchId: match.id,
            startsAt: toIsoDateTime(row.date, row.time) || null,
            court: row.court,
          }
        }),
      })
      setIsSaved(true)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (error) {
      setProblem(t('order_of_play.admin.bulk.failed', { message: messages.requestFailure(error) }))
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={titleId}
      isLocked={isSaving}
      testId="round-schedule-dialog"
      className="sm:max-w-2xl"
    >
      <h2 id={titleId} className="text-lg font-bold break-words text-fg">
        {t('order_of_play.admin.bulk.title', { name: title })}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('order_of_play.admin.bulk.intro', { zone })}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4">
        <ol className="flex flex-col gap-4">
          {matches.map((match) => {
            const row = rows[match.id]!
            const pairs = [match.team1?.name, match.team2?.name]
              .map((name) => name ?? t('admin.home.tbd'))
              .join(' – ')
            return (
              <li key={match.id} data-testid="round-schedule-row">
                <fieldset className="rounded-xl border border-line p-2.5 sm:p-3">
                  <legend className="px-1 text-sm font-bold text-fg">
                    {t('order_of_play.admin.bulk.match', { number: match.matchNumber })}
                  </legend>
                  <p className="mb-2 text-sm break-words text-muted">{pairs}</p>
                  {/* A phone shows the date on its own row (its input is the widest), then the
                      time beside the court; from sm up the three share one row. */}
                  <div className="grid grid-cols-[minmax(0,11fr)_minmax(0,9fr)] gap-2 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,3fr)]">
                    <div className="col-span-2 sm:col-span-1">
                      <RowInput
                        label={t('admin.tournaments.fields.date')}
                        type="date"
                        value={row.date}
                        isInvalid={undated.includes(match) && problem !== null}
                        onValue={(date) => change(match.id, { date })}
                      />
                    </div>
                    <RowInput
                      label={t('admin.tournaments.fields.time')}
                      srSuffix={`(${zone})`}
                      type="time"
                      value={row.time}
                      onValue={(time) => change(match.id, { time })}
                    />
                    <RowInput
                      label={t('order_of_play.admin.court')}
                      type="text"
                      value={row.court}
                      onValue={(court) => change(match.id, { court })}
                    />
                  </div>
                </fieldset>
              </li>
            )
          })}
        </ol>
        <div className="sticky bottom-0 -mx-5 mt-4 flex flex-col gap-3 border-t border-line bg-surface px-5 pt-3 pb-1 sm:-mx-6 sm:px-6">
          {problem && (
            <Alert tone="error" testId="round-schedule-error">
              {problem}
            </Alert>
          )}
          {isSaved && (
            <Alert tone="success" testId="round-schedule-saved">
              {t('order_of_play.admin.bulk.saved')}
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={isSaving}>
              {isSaved ? t('common.close') : t('admin.dialog.cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={isSaving}>
              {isSaving ? t('admin.common.saving') : t('order_of_play.admin.bulk.save')}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  )
}
