import { Eye, EyeOff } from 'lucide-react'
import { useState, type ComponentProps } from 'react'
import { TextField } from '#web/components/ui/text-field'

interface PasswordFieldProps extends Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'> {
  /** The toggle's accessible name, e.g. "Show password"; aria-pressed says whether it is shown. */
  toggleLabel: string
}

/** A password input with a show/hide toggle button (a real button: keyboard and screen readers). */
export function PasswordField({ toggleLabel, ...props }: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false)
  const Icon = isVisible ? EyeOff : Eye
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      // No spell checking or autocorrection of a visible password.
      spellCheck={false}
      autoCapitalize="none"
      autoCorrect="off"
      trailing={
        <button
          type="button"
          aria-label={toggleLabel}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
          className="inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      }
    />
  )
}
