import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { AdminPlayer, PlayerInput } from '../../../../shared/schemas/admin'
import { PageContainer } from '../../../components/page-container'
import { TextField } from '../../../components/ui/text-field'
import { useAdminMessages } from '../admin-messages'
import { adminPlayerQueryOptions, createAdminPlayer, updateAdminPlayer } from '../api/players'
import { validatePlayerForm, type PlayerFormValues } from '../form-validation'
import { useGoBack } from '../use-go-back'
import { useAdminDialog } from './admin-dialog'
import { EditRecordGate, FormActions, FormCard } from './admin-ui'

const EMPTY: PlayerFormValues = { name: '', ranking: '', country: '' }

function PlayerFields({ id, initial }: { id?: string; initial: PlayerFormValues }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const goBack = useGoBack('/admin/players')
  const dialog = useAdminDialog()
  const messages = useAdminMessages()
  const [values, setValues] = useState(initial)
  const [invalid, setInvalid] = useState<readonly string[]>([])

  const save = useMutation({
    mutationFn: (input: PlayerInput): Promise<AdminPlayer> =>
      id ? updateAdminPlayer(id, input) : createAdminPlayer(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'players'] })
      await navigate('/admin/players')
    },
    onError: (error) =>
      dialog.showMessage({
        title: t(id ? 'admin.failed.update_player' : 'admin.failed.add_player', {
          message: messages.requestFailure(error),
        }),
      }),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const result = validatePlayerForm(values)
    if (!result.ok) {
      setInvalid(result.errors.map((error) => error.field))
      void dialog.showMessage({
        title: t('admin.dialog.fixErrors'),
        items: messages.validationMessages(result.errors),
      })
      return
    }
    setInvalid([])
    save.mutate(result.data)
  }

  const field = (name: keyof PlayerFormValues) => ({
    name,
    value: values[name],
    isInvalid: invalid.includes(name),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <FormCard>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField {...field('name')} label={t('admin.players.fields.name')} autoComplete="off" />
        <TextField
          {...field('ranking')}
          label={t('admin.players.fields.ranking')}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
        />
        <TextField
          {...field('country')}
          label={t('admin.players.fields.country')}
          autoComplete="off"
        />
        <FormActions onCancel={goBack} isSaving={save.isPending} />
      </form>
      {dialog.element}
    </FormCard>
  )
}

function EditPlayer({ id }: { id: string }) {
  const query = useQuery(adminPlayerQueryOptions(id))
  return (
    <EditRecordGate query={query} listPath="/admin/players">
      {(player) => (
        <PlayerFields
          key={player.id}
          id={player.id}
          initial={{ name: player.name, ranking: String(player.ranking), country: player.country }}
        />
      )}
    </EditRecordGate>
  )
}

/** /admin/players/new and /admin/players/:id/edit */
export function PlayerForm({ id }: { id?: string }) {
  const { t } = useTranslation()
  const title = id ? t('admin.players.edit') : t('admin.players.new')
  return (
    <PageContainer width="narrow" title={title} description={t('admin.players.description')}>
      {id ? <EditPlayer id={id} /> : <PlayerFields initial={EMPTY} />}
    </PageContainer>
  )
}
