import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { inputClasses } from '#web/components/ui/text-field'

/** One input of a DateTimeField; its label is for screen readers, the legend shows. */
function DateTimePart({
  id,
  label,
  name,
  type,
  value,
  isInvalid,
  onValue,
}: {
  id: string
  label: string
  name: string
  type: 'date' | 'time'
  value: string
  isInvalid: boolean
  onValue: (value: string) => void
}) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        aria-invalid={isInvalid || undefined}
        onChange={(event) => onValue(event.target.value)}
        className={inputClasses}
      />
    </div>
  )
}

/** A date input and a time input under one legend ("Start Date & Time *"). */
export function DateTimeField({
  legend,
  hint,
  date,
  time,
  isInvalid,
  onDate,
  onTime,
  name,
  zone,
}: {
  zone: string
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
        <DateTimePart
          id={`${id}-date`}
          label={`${legend} — ${t('admin.tournaments.fields.date')}`}
          name={`${name}Date`}
          type="date"
          value={date}
          isInvalid={isInvalid}
          onValue={onDate}
        />
        <DateTimePart
          id={`${id}-time`}
          label={`${legend} — ${t('admin.tournaments.fields.time')} (${zone})`}
          name={`${name}Time`}
          type="time"
          value={time}
          isInvalid={isInvalid}
          onValue={onTime}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
    </fieldset>
  )
}
