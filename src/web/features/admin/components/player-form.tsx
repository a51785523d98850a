import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { defaultShortName } from '#domain/player/short-name'
import type { AdminPlayer, PlayerInput } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { TextField } from '#web/components/ui/text-field'
import { adminPlayerQueryOptions, createAdminPlayer, updateAdminPlayer } from '../api/players'
import { validatePlayerForm, type PlayerFormValues } from '../form-validation'
import { useAdminForm } from '../use-admin-form'
import { useGoBack } from '../use-go-back'
import { EditRecordGate, FormActions, FormCard } from './admin-ui'

const EMPTY: PlayerFormValues = { name: '', shortName: '', ranking: '', country: '' }

function PlayerFields({ id, initial }: { id?: string; initial: PlayerFormValues }) {
  const { t } = useTranslation()
  const goBack = useGoBack('/admin/players')
  const form = useAdminForm({
    initial,
    save: (input: PlayerInput): Promise<AdminPlayer> =>
      id ? updateAdminPlayer(id, input) : createAdminPlayer(input),
    listPath: '/admin/players',
    invalidateKey: ['admin', 'players'],
    failureTitle: (message) =>
      t(id ? 'admin.failed.update_player' : 'admin.failed.add_player', { message }),
  })
  const { values, setValues } = form

  const field = (name: keyof PlayerFormValues) => ({
    name,
    value: values[name] ?? '',
    isInvalid: form.isInvalid(name),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <FormCard>
      <form
        noValidate
        onSubmit={form.submitWith(() => validatePlayerForm(values))}
        className="flex flex-col gap-5"
      >
        <TextField {...field('name')} label={t('admin.players.fields.name')} autoComplete="off" />
        <TextField
          {...field('shortName')}
          label={t('admin.players.fields.shortName')}
          hint={
            values.name.trim()
              ? t('admin.players.fields.shortNameHint', { example: defaultShortName(values.name) })
              : t('admin.players.fields.shortNameHintEmpty')
          }
          placeholder={defaultShortName(values.name)}
          autoComplete="off"
        />
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
        <FormActions onCancel={goBack} isSaving={form.isSaving} />
      </form>
      {form.dialogElement}
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
          initial={{
            name: player.name,
            shortName: player.shortName,
            ranking: String(player.ranking),
            country: player.country,
          }}
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
    <PageContainer
      width="narrow"
      title={title}
      description={t('admin.players.description')}
      back={{ to: '/admin/players', label: t('admin.players.back') }}
    >
      {id ? <EditPlayer id={id} /> : <PlayerFields initial={EMPTY} />}
    </PageContainer>
  )
}
