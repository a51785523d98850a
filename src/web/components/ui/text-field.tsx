import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '#web/lib/cn'

export const inputClasses =
  'block min-h-11 w-full rounded-xl border border-line bg-surface px-3 py-2 text-base text-fg ' +
  'placeholder:text-muted aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string
  /** Marks the input invalid (aria-invalid) and links it to the form's error message. */
  isInvalid?: boolean
  /** The id of the element that explains the error (the form's alert). */
  errorId?: string
  hint?: string
  /** Something shown inside the input's right edge (a show/hide button). */
  trailing?: ReactNode
}

/** A labelled input; the label is always visible and tied to the input by id. */
export function TextField({
  label,
  isInvalid,
  errorId,
  hint,
  trailing,
  className,
  ...props
}: TextFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, isInvalid && errorId ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-fg">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy || undefined}
          className={cn(inputClasses, trailing ? 'pr-12' : null)}
          {...props}
        />
        {trailing && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  )
}
