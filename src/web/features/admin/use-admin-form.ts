import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ApiError } from '#web/lib/api-client'
import { useAdminMessages } from './admin-messages'
import { useAdminDialog } from './components/admin-dialog'
import { changedFields } from './changed-fields'
import type { ValidationResult } from './form-validation'

/** The submit button that saves and keeps the form open for the next record. */
export const ADD_ANOTHER = 'another'

/**
 * What the four admin forms do alike: the values, the fields marked invalid, a dialog listing
 * what to fix, then save; on success the cached admin data is refreshed and the list shown, on
 * failure a dialog says why. A form with `addAnother` also offers "save and add another": after
 * saving it stays, with the values `addAnother.next` keeps, and calls `addAnother.onReady`.
 */
export function useAdminForm<Values, Input>({
  initial,
  save,
  listPath,
  invalidateKey = ['admin'],
  failureTitle,
  addAnother,
}: {
  initial: Values
  save: (input: Input) => Promise<unknown>
  listPath: string
  invalidateKey?: readonly string[]
  /** The failure dialog's title around the server's (translated) reason. */
  failureTitle: (message: string) => string
  addAnother?: { next: (saved: Values) => Values; onReady: () => void }
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const dialog = useAdminDialog()
  const messages = useAdminMessages()
  const [values, setShownValues] = useState(initial)
  const [invalid, setInvalid] = useState<readonly string[]>([])
  /** The server's reason at the field it names (e.g. a player already in another pair). */
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({})

  // A field the admin changes is no longer marked: its error goes with the value it was about.
  const setValues = (next: SetStateAction<Values>) => {
    const after = typeof next === 'function' ? (next as (before: Values) => Values)(values) : next
    const changed = changedFields(values, after)
    setShownValues(after)
    if (changed.length === 0) return
    setInvalid((fields) => fields.filter((field) => !changed.includes(field)))
    setFieldErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([field]) => !changed.includes(field))),
    )
  }

  /** How many records "save and add another" has saved on this visit (for its status line). */
  const [addedCount, setAddedCount] = useState(0)

  const mutation = useMutation({
    mutationFn: ({ input }: { input: Input; stay: boolean }) => save(input),
    onSuccess: async (_saved, { stay }) => {
      await queryClient.invalidateQueries({ queryKey: invalidateKey })
      if (stay && addAnother) {
        setShownValues((before) => addAnother.next(before))
        setAddedCount((count) => count + 1)
        addAnother.onReady()
        return
      }
      await navigate(listPath)
    },
    onError: (error) => {
      const message = messages.requestFailure(error)
      const fields = issuePathsOf(error)
      if (fields.length > 0) {
        setInvalid(fields)
        setFieldErrors(Object.fromEntries(fields.map((field) => [field, message])))
      }
      void dialog.showMessage({ title: failureTitle(message) })
    },
  })

  /** The form's submit handler; validate runs at submit time on the values as shown. */
  const submitWith =
    (validate: () => ValidationResult<Input>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const result = validate()
      if (!result.ok) {
        setInvalid(result.errors.map((error) => error.field))
        setFieldErrors({})
        void dialog.showMessage({
          title: t('admin.dialog.fixErrors'),
          items: messages.validationMessages(result.errors),
        })
        return
      }
      setInvalid([])
      setFieldErrors({})
      const submitter = (event.nativeEvent as SubmitEvent).submitter
      mutation.mutate({
        input: result.data,
        stay: submitter?.getAttribute('value') === ADD_ANOTHER,
      })
    }

  return {
    values,
    setValues,
    isInvalid: (field: string) => invalid.includes(field),
    errorOf: (field: string): string | undefined => fieldErrors[field],
    submitWith,
    isSaving: mutation.isPending,
    addedCount,
    dialogElement: dialog.element,
  }
}

/** The fields a refused request names (a 400's issues carry their paths). */
function issuePathsOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return []
  const details = error.details as { issues?: unknown } | null | undefined
  if (!Array.isArray(details?.issues)) return []
  return details.issues
    .map((issue: unknown) => (issue as { path?: unknown } | null)?.path)
    .filter((path): path is string => typeof path === 'string' && path.length > 0)
}
