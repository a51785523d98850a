import { cn } from '#web/lib/cn'

export interface SegmentedOption<T extends string> {
  value: T
  label: string
}

/**
 * A few mutually exclusive choices as one row of toggle buttons (a group, the chosen one
 * pressed): each is reached by Tab and chosen by Enter or Space, and a screen reader hears which
 * is on. `stretch` shares a phone's width between the segments.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  stretch = false,
  testId,
  className,
}: {
  /** The group's accessible name. */
  label: string
  options: readonly SegmentedOption<T>[]
  value: T
  onChange: (value: T) => void
  stretch?: boolean
  testId?: string
  className?: string
}) {
  return (
    <div
      role="group"
      aria-label={label}
      data-testid={testId}
      className={cn(
        'gap-1 rounded-full bg-surface-2 p-1',
        stretch ? 'flex w-full sm:inline-flex sm:w-auto' : 'inline-flex flex-wrap',
        className,
      )}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          data-value={option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'min-h-11 rounded-full text-sm leading-tight font-semibold',
            stretch ? 'min-w-0 flex-auto px-2 sm:flex-none sm:px-4' : 'px-4',
            value === option.value ? 'bg-brand-solid text-surface' : 'text-fg hover:bg-surface',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
