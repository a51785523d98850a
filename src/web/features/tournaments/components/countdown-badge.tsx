import { Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { countdown, type Countdown } from '#domain/tournament/countdown'
import { cn } from '#web/lib/cn'

const TICK_MS = 30_000

/** The current time (corrected by `offset` ms), refreshed every 30 seconds. */
export function useNow(offset = 0): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), TICK_MS)
    return () => window.clearInterval(timer)
  }, [])
  return deviceNow + offset
}

const colours: Record<Countdown['colour'], string> = {
  green: 'bg-success text-surface',
  orange: 'bg-orange-700 text-white dark:bg-orange-300 dark:text-glass-950',
  red: 'bg-danger text-surface',
}

export function useCountdownText(value: Countdown): string {
  const { t } = useTranslation()
  switch (value.kind) {
    case 'closed':
      return t('tournaments.countdown.closed')
    case 'days':
      return t('tournaments.countdown.days', { days: value.days, hours: value.hours })
    case 'hours':
      return t('tournaments.countdown.hours', { hours: value.hours, minutes: value.minutes })
    case 'minutes':
      return t('tournaments.countdown.minutes', { minutes: value.minutes })
    case 'under_minute':
      return t('tournaments.countdown.under_minute')
  }
}

/** Time left to bet, green with days to go, orange with hours, red once closed (docs/product.md "Statuses, deadlines and the wizard"). */
export function CountdownBadge({
  deadline,
  offset,
  className,
}: {
  deadline: string
  offset: number
  className?: string
}) {
  const now = useNow(offset)
  return <CountdownPill value={countdown(new Date(deadline), now)} className={className} />
}

/** A countdown as a pill; `label` is read before it ("Betting deadline: 2d 5h remaining"). */
export function CountdownPill({
  value,
  label,
  className,
}: {
  value: Countdown
  label?: string
  className?: string
}) {
  const text = useCountdownText(value)
  return (
    <span
      data-testid="countdown"
      data-colour={value.colour}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold tabular-nums',
        colours[value.colour],
        className,
      )}
    >
      <Clock aria-hidden="true" className="size-4" />
      {label && <span className="sr-only">{label}: </span>}
      {text}
    </span>
  )
}
