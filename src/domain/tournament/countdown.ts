// The betting-deadline countdown (docs/product.md "Statuses, deadlines and the wizard"), as data the UI translates.

export type CountdownColour = 'green' | 'orange' | 'red'

export type Countdown =
  | { readonly kind: 'closed'; readonly colour: 'red' }
  | {
      readonly kind: 'days'
      readonly days: number
      readonly hours: number
      readonly colour: 'green'
    }
  | {
      readonly kind: 'hours'
      readonly hours: number
      readonly minutes: number
      readonly colour: 'orange'
    }
  | { readonly kind: 'minutes'; readonly minutes: number; readonly colour: 'orange' }
  /** Open, but less than one whole minute is left. */
  | { readonly kind: 'under_minute'; readonly colour: 'orange' }

export type CountdownKind = Countdown['kind']

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Time left until `deadline`. Units are whole and rounded down, so the countdown never shows
 * more time than is left; at `now >= deadline` it is closed (matching `isBettingOpen`).
 * Under one minute it says so ('under_minute') rather than '0m remaining'. An invalid date
 * counts as closed.
 */
export function countdown(deadline: Date | number, now: Date | number): Countdown {
  const left = toMillis(deadline) - toMillis(now)
  if (!(left > 0)) return { kind: 'closed', colour: 'red' }
  const days = Math.floor(left / DAY)
  const hours = Math.floor((left % DAY) / HOUR)
  const minutes = Math.floor((left % HOUR) / MINUTE)
  if (days > 0) return { kind: 'days', days, hours, colour: 'green' }
  if (hours > 0) return { kind: 'hours', hours, minutes, colour: 'orange' }
  if (minutes > 0) return { kind: 'minutes', minutes, colour: 'orange' }
  return { kind: 'under_minute', colour: 'orange' }
}

/** English text for tests, logs and e-mails; the UI translates the structured value. */
export function countdownText(value: Countdown): string {
  switch (value.kind) {
    case 'closed':
      return 'Betting closed'
    case 'days':
      return `${value.days}d ${value.hours}h remaining`
    case 'hours':
      return `${value.hours}h ${value.minutes}m remaining`
    case 'minutes':
      return `${value.minutes}m remaining`
    case 'under_minute':
      return 'Less than 1m remaining'
  }
}

function toMillis(value: Date | number): number {
  return typeof value === 'number' ? value : value.getTime()
}
