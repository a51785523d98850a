import { CircleAlert, CircleCheck, Info, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn'

export type AlertTone = 'error' | 'success' | 'info'

const tones: Record<AlertTone, { icon: LucideIcon; classes: string; iconClasses: string }> = {
  error: {
    icon: CircleAlert,
    classes: 'border-danger/40 bg-danger/10',
    iconClasses: 'text-danger',
  },
  success: {
    icon: CircleCheck,
    classes: 'border-success/40 bg-success/10',
    iconClasses: 'text-success',
  },
  info: { icon: Info, classes: 'border-line bg-surface-2', iconClasses: 'text-brand' },
}

interface AlertProps {
  tone: AlertTone
  title?: string
  children?: ReactNode
  className?: string
  id?: string
  /** Errors interrupt (role=alert); confirmations and notes are announced politely. */
  role?: 'alert' | 'status' | 'none'
  testId?: string
}

/** A message box for form errors, confirmations and notes; the icon is decorative. */
export function Alert({ tone, title, children, className, id, role, testId }: AlertProps) {
  const { icon: Icon, classes, iconClasses } = tones[tone]
  const liveRole = role ?? (tone === 'error' ? 'alert' : 'status')
  return (
    <div
      id={id}
      role={liveRole === 'none' ? undefined : liveRole}
      data-testid={testId}
      data-tone={tone}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm text-fg', classes, className)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClasses)} />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title && 'mt-1')}>{children}</div>}
      </div>
    </div>
  )
}
