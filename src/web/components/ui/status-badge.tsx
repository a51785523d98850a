import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TournamentStatus } from '#shared/schemas/tournament'
import { cn } from '#web/lib/cn'

export type BadgeTone = 'brand' | 'success' | 'danger' | 'refund' | 'neutral'

// The label keeps the body text colour (small text on a tinted pill); the tint and the icon
// carry the tone, so every tone reads at the same contrast.
const toneClasses: Record<BadgeTone, string> = {
  brand: 'border-brand/40 bg-brand/10',
  success: 'border-success/40 bg-success/10',
  danger: 'border-danger/40 bg-danger/10',
  refund: 'border-refund/40 bg-refund/10',
  neutral: 'border-line bg-surface-2',
}

const iconClasses: Record<BadgeTone, string> = {
  brand: 'text-brand',
  success: 'text-success',
  danger: 'text-danger',
  refund: 'text-refund',
  neutral: 'text-muted',
}

/** A small tinted pill: a role, a ledger row's type, a bracket's outcome. */
export function Badge({
  tone,
  icon: Icon,
  children,
  testId,
  className,
  data,
}: {
  tone: BadgeTone
  icon?: LucideIcon
  children: ReactNode
  testId?: string
  className?: string
  /** data-* attributes for tests, e.g. { 'data-role': 'admin' }. */
  data?: Record<`data-${string}`, string>
}) {
  return (
    <span
      data-testid={testId}
      {...data}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-fg',
        toneClasses[tone],
        className,
      )}
    >
      {Icon && <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', iconClasses[tone])} />}
      {children}
    </span>
  )
}

const statusClasses: Record<TournamentStatus, string> = {
  upcoming: 'bg-brand-solid text-on-brand border-transparent',
  active: 'bg-danger text-surface border-transparent',
  completed: 'bg-success text-surface border-transparent',
  cancelled: 'bg-surface-2 text-muted border-line',
}

/** A tournament's status, the same for fans and admins (one label per status, solid colours). */
export function StatusBadge({ status }: { status: TournamentStatus }) {
  const { t } = useTranslation()
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide whitespace-nowrap uppercase',
        statusClasses[status],
      )}
    >
      {status === 'active' && (
        <span
          aria-hidden="true"
          className="size-2 rounded-full bg-surface motion-safe:animate-pulse"
        />
      )}
      {t(`tournaments.status.${status}`)}
    </span>
  )
}
