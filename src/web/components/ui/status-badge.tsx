import { useTranslation } from 'react-i18next'
import type { TournamentStatus } from '../../../shared/schemas/tournament'
import { cn } from '../../lib/cn'

const styles: Record<TournamentStatus, string> = {
  upcoming: 'bg-brand-solid text-on-brand border-transparent',
  active: 'bg-danger text-surface border-transparent',
  completed: 'bg-success text-surface border-transparent',
  cancelled: 'bg-surface-2 text-muted border-line',
}

export function StatusBadge({ status }: { status: TournamentStatus }) {
  const { t } = useTranslation()
  return (
    <span
      data-testid="status-badge"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase',
        styles[status],
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
