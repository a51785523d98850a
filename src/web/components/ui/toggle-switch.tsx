import { cn } from '#web/lib/cn'

/**
 * An on/off switch row: a label and a hint on the left, the switch (role=switch) on the right,
 * labelled and described by them.
 */
export function ToggleSwitch({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string
  label: string
  hint: string
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="font-semibold text-fg">
          {label}
        </p>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid={id}
        className={cn(
          'relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 transition-colors motion-reduce:transition-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60',
          checked ? 'border-brand-solid bg-brand-solid' : 'border-line bg-surface-2',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-6 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
            checked ? 'translate-x-6' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  )
}
