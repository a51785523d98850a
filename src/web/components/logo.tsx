import { cn } from '#web/lib/cn'

/** The mark: a padel ball (the accent yellow-green) with its seam, on court blue. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="9" fill="#1c4a80" />
      <circle cx="16" cy="16" r="9.5" fill="#d5ee3f" />
      <path
        d="M9.2 9.6c3.4 2.9 3.4 9.9 0 12.8M22.8 9.6c-3.4 2.9-3.4 9.9 0 12.8"
        fill="none"
        stroke="#ffffff"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  )
}

/** Mark and wordmark; the caller wraps it in a link with an accessible name. */
export function Logo({
  className,
  isCompact,
  isCompactOnLaptop,
}: {
  className?: string
  isCompact?: boolean
  /** The mark alone from 1024 to 1279 px too, where a member's header holds every section. */
  isCompactOnLaptop?: boolean
}) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span
        className={cn(
          'text-lg font-extrabold tracking-tight whitespace-nowrap',
          // On the narrowest phones the header also holds the balance or the sign-in links: keep
          // only the mark.
          isCompact && 'hidden min-[420px]:inline',
          isCompactOnLaptop && 'lg:hidden xl:inline',
        )}
      >
        Golden Point
      </span>
    </span>
  )
}
