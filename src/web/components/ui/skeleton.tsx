import { cn } from '#web/lib/cn'

/** A placeholder block that reserves the space of content still loading. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-pulse rounded-md bg-surface-2 motion-reduce:animate-none',
        className,
      )}
    />
  )
}
