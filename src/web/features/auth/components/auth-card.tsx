import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn'

export const authLinkClasses = 'font-semibold text-brand underline underline-offset-4'

/** The panel the account forms and their outcome messages sit in. */
export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8', className)}
    >
      {children}
    </div>
  )
}
