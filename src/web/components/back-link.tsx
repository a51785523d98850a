import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, type To } from 'react-router'
import { cn } from '#web/lib/cn'

// Every "← back" of the app looks the same (issue 29): an arrow and a short label in the brand
// colour, 44 px tall to tap. A page's way back is PageContainer's `back`, above its heading; a back
// inside a page (a list on a phone, a dialog's step) is BackButton. back-link.test.ts keeps any
// other way out.
const backClasses =
  'inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-lg text-sm font-semibold text-brand underline-offset-4 hover:underline'

/** The way back to another page. */
export function BackLink({
  to,
  children,
  className,
}: {
  to: To
  children: ReactNode
  className?: string
}) {
  return (
    <Link to={to} data-testid="back-link" className={cn(backClasses, className)}>
      <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0">{children}</span>
    </Link>
  )
}

/** The way back within a page (from a message to its list, from a history to its table). */
export function BackButton({
  onClick,
  children,
  className,
  testId,
}: {
  onClick: () => void
  children: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId ?? 'back-link'}
      className={cn(backClasses, className)}
    >
      <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 text-left">{children}</span>
    </button>
  )
}
