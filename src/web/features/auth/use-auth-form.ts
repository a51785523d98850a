import { useCallback, useId, useState, type FormEvent } from 'react'
import { ApiError } from '#web/lib/api-client'
import { invalidFields, type FormErrorKey } from './validation'

/**
 * The state every account form shares: its values, the message above the fields, which fields
 * are marked invalid, and focus moving to the first invalid field when a check fails.
 */
export function useAuthForm<Values extends Record<string, string>>(initial: Values) {
  const [values, setValues] = useState(initial)
  const [message, setMessage] = useState<string | null>(null)
  const [invalid, setInvalid] = useState<readonly string[]>([])
  const errorId = useId()

  const field = useCallback(
    (name: keyof Values & string) => ({
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
      isInvalid: invalid.includes(name),
      errorId,
    }),
    [values, invalid, errorId],
  )

  /** Shows a failed check: the message, the invalid fields, and focus on the first of them. */
  const reject = useCallback(
    (key: FormErrorKey, text: string, form: HTMLFormElement) => {
      const fields = invalidFields(key, values)
      setMessage(text)
      setInvalid(fields)
      const first = fields[0]
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
    },
    [values],
  )

  /** Shows a failure from the server, marking the fields it points at (none by default). */
  const fail = useCallback((text: string, fields: readonly string[] = []) => {
    setMessage(text)
    setInvalid(fields)
  }, [])

  const clear = useCallback(() => {
    setMessage(null)
    setInvalid([])
  }, [])

  /** A submit handler that keeps the page in place and hands over the form element. */
  const handleSubmit =
    (onSubmit: (form: HTMLFormElement) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      onSubmit(event.currentTarget)
    }

  return { values, field, message, errorId, reject, fail, clear, handleSubmit }
}

/** The fields a refusal from the server points at: the new password when it is too easy to guess. */
export function fieldsOfServerError(error: unknown): string[] {
  return error instanceof ApiError && error.code === 'PASSWORD_TOO_WEAK' ? ['password'] : []
}
