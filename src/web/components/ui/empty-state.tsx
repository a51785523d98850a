import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn'

interface EmptyStateProps {
  icon: LucideIcon
  title?: string
  children?: ReactNode
  className?: string
}

/** A calm panel for "nothing here yet" and "not available yet" states. */
export function EmptyState({ icon: Icon, title, children, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-2 text-brand">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      {title && <h2 className="text-lg font-semibold text-fg">{title}</h2>}
      {children && <div className="max-w-prose text-sm text-muted">{children}</div>}
    </div>
  )
}
