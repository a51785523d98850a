import { useTranslation } from 'react-i18next'
import type { AdminTournament } from '#shared/schemas/admin'
import { useDateFormat, zoneOffset } from '#web/lib/format'

/** A date and time with its zone ("12 Mar 2026, 20:00 GMT+1"), in the browser's zone. */
export function useZonedDateTime(): (iso: string) => string {
  const { i18n } = useTranslation()
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  return (iso) => {
    const at = new Date(iso)
    return `${dateTime.format(at)} ${zoneOffset(i18n.resolvedLanguage ?? 'es', at)}`
  }
}

/** The start date, then when betting closes (with the time zone: the hour matters there). */
export function TournamentDates({ tournament }: { tournament: AdminTournament }) {
  const { t } = useTranslation()
  const date = useDateFormat({ dateStyle: 'medium' })
  const zoned = useZonedDateTime()
  return (
    <>
      <time dateTime={tournament.startDate} className="whitespace-nowrap">
        {date.format(new Date(tournament.startDate))}
      </time>
      <span className="block text-xs text-muted">
        {t('admin.tournaments.bettingUntil', { date: zoned(tournament.bettingDeadline) })}
      </span>
    </>
  )
}
