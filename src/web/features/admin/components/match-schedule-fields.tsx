import { useTranslation } from 'react-i18next'
import type { AdminMatch } from '#shared/schemas/admin'
import { COURT_MAX_LENGTH } from '#shared/schemas/schedule'
import { TextField } from '#web/components/ui/text-field'
import { timeZoneLabel } from '#web/lib/format'
import { fromIsoDateTime } from '../form-date-time'
import type { MatchFormValues } from '../form-validation'
import { DateTimeField } from './date-time-field'

type ScheduleValues = Pick<MatchFormValues, 'startsAtDate' | 'startsAtTime' | 'court'>

/** A stored match's order of play as the form's inputs show it, in this device's zone. */
export function scheduleFormValues(match: Pick<AdminMatch, 'startsAt' | 'court'>): ScheduleValues {
  const startsAt =
    match.startsAt === null ? { date: '', time: '' } : fromIsoDateTime(match.startsAt)
  return { startsAtDate: startsAt.date, startsAtTime: startsAt.time, court: match.court ?? '' }
}

/** The match form's start time and court (docs/decisions/141); both may stay blank. */
export function MatchScheduleFields({
  values,
  isInvalid,
  onChange,
}: {
  values: ScheduleValues
  isInvalid: (field: string) => boolean
  onChange: (patch: Partial<ScheduleValues>) => void
}) {
  const { t, i18n } = useTranslation()
  const zone = timeZoneLabel(i18n.resolvedLanguage ?? 'es')
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <DateTimeField
        name="startsAt"
        legend={t('order_of_play.admin.legend')}
        hint={`${t('order_of_play.admin.hint')} ${zone}`}
        zone={zone}
        date={values.startsAtDate}
        time={values.startsAtTime}
        isInvalid={isInvalid('startsAt')}
        onDate={(startsAtDate) => onChange({ startsAtDate })}
        onTime={(startsAtTime) => onChange({ startsAtTime })}
      />
      <TextField
        name="court"
        label={t('order_of_play.admin.court')}
        maxLength={COURT_MAX_LENGTH}
        value={values.court}
        isInvalid={isInvalid('court')}
        onChange={(event) => onChange({ court: event.target.value })}
      />
    </div>
  )
}
