import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useAdminMessages } from './admin-messages'
import { useAdminDialog } from './components/admin-dialog'
import type { ValidationResult } from './form-validation'

/**
 * What the four admin forms do alike: the values, the fields marked invalid, a dialog listing
 * what to fix, then save; on success the cached admin data is refreshed and the list shown, on
 * failure a dialog says why.
 */
export function useAdminForm<Values, Input>({
  initial,
  save,
  listPath,
  invalidateKey = ['admin'],
  failureTitle,
}: {
  initial: Values
  save: (input: Input) => Promise<unknown>
  listPath: string
  invalidateKey?: readonly string[]
  /** The failure dialog's title around the server's (translated) reason. */
  failureTitle: (message: string) => string
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const dialog = useAdminDialog()
  const messages = useAdminMessages()
  const [values, setValues] = useState(initial)
  const [invalid, setInvalid] = useState<readonly string[]>([])

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invalidateKey })
      await navigate(listPath)
    },
    onError: (error) => dialog.showMessage({ title: failureTitle(messages.requestFailure(error)) }),
  })

  /** The form's submit handler; validate runs at submit time on the values as shown. */
  const submitWith =
    (validate: () => ValidationResult<Input>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const result = validate()
      if (!result.ok) {
        setInvalid(result.errors.map((error) => error.field))
        void dialog.showMessage({
          title: t('admin.dialog.fixErrors'),
          items: messages.validationMessages(result.errors),
        })
        return
      }
      setInvalid([])
      mutation.mutate(result.data)
    }

  return {
    values,
    setValues,
    isInvalid: (field: string) => invalid.includes(field),
    submitWith,
    isSaving: mutation.isPending,
    dialogElement: dialog.element,
  }
}
