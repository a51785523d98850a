import { LoaderCircle } from 'lucide-react'
import { cn } from '#web/lib/cn'

interface SpinnerProps {
  /** Read to screen readers; the visible spinner is decorative. */
  label: string
  className?: string
}

/** An accessible busy indicator (role=status announces the label politely). */
export function Spinner({ label, className }: SpinnerProps) {
  return (
    <div role="status" className={cn('flex items-center justify-center', className)}>
      <LoaderCircle
        aria-hidden="true"
        className="size-8 animate-spin text-brand motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  )
}
